/** The orchestration engine arrives with the engine issue; this package holds its place in the workspace. */
export {};
