/** Workflows a list's Workflow filter offers: the first 200, as the reference loads. */
export const WORKFLOW_OPTIONS_LIMIT = 200;
