/**
 * How many cases the fuzzers run and from which seed. CI runs a fixed seed, so that a failing
 * run fails again with the same cases and no change is failed by cases it did not touch.
 * `FUZZ_SEED` picks other cases, `FUZZ_RUNS` sets how many each property runs, and
 * `FUZZ_PATH` (with the seed) replays just the failing case that fast-check reports
 * (docs/testing.md).
 */
import type { Parameters } from 'fast-check';

function readInteger(name: string): number | undefined {
  const text = process.env[name];
  if (text === undefined || text === '') return undefined;
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new Error(`${name} must be a whole number, not ${text}`);
  return value;
}

export const FUZZ_SEED = readInteger('FUZZ_SEED') ?? 20_261_127;
const FUZZ_RUNS = readInteger('FUZZ_RUNS');
const FUZZ_PATH = process.env['FUZZ_PATH'] || undefined;

/** fast-check parameters for a property that runs `ciRuns` cases in CI. */
export function fuzzParameters<T>(ciRuns: number): Parameters<T> {
  return {
    seed: FUZZ_SEED,
    numRuns: FUZZ_RUNS ?? ciRuns,
    ...(FUZZ_PATH === undefined ? {} : { path: FUZZ_PATH, endOnFailure: true }),
  };
}

/**
 * A test's time limit for its cases at about `msPerCase` each, with room for a machine that
 * other test files share (CI runs three at once on two cores).
 */
export function fuzzTimeout(ciRuns: number, msPerCase: number): number {
  return 60_000 + (FUZZ_RUNS ?? ciRuns) * msPerCase * 8;
}

/**
 * One line for the CI log: cases, wall time, and this process's CPU time, which is what the
 * cases cost on a machine that other work does not share (the server runs in this process).
 */
export function fuzzSummary(
  name: string,
  cases: number,
  started: { wall: number; cpu: NodeJS.CpuUsage },
): string {
  const cpu = process.cpuUsage(started.cpu);
  const cpuMs = Math.round((cpu.user + cpu.system) / 1000);
  return `${name} fuzz: ${cases} cases (seed ${FUZZ_SEED}) in ${Date.now() - started.wall} ms, ${cpuMs} ms of CPU`;
}
