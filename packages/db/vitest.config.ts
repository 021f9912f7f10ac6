import { defineConfig } from 'vitest/config';
import { sharedTestOptions } from '../../vitest.shared';

export default defineConfig({
  test: {
    name: 'db',
    ...sharedTestOptions,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    pool: 'forks',
    // Starting PGlite takes a second or two, more on a loaded machine; the kill test starts it
    // in a child process as well.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
