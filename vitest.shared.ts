/**
 * Options every project's configuration shares. `expect.poll` waits 10 s rather than Vitest's
 * 1 s when a test does not say: what holds within a second on a quiet machine took several on
 * a loaded CI machine, and how long a poll waits is never what a test asserts (a test that
 * means "at once" gives its own, shorter, timeout). A wait that succeeds returns as soon as it
 * does; only a failing test waits longer.
 */
export const sharedTestOptions = {
  expect: { poll: { timeout: 10_000 } },
};
