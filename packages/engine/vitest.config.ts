import { defineConfig } from 'vitest/config';
import { sharedTestOptions } from '../../vitest.shared';

export default defineConfig({
  test: {
    name: 'engine',
    ...sharedTestOptions,
    // As in the server project: files share loaded modules rather than import them afresh.
    isolate: false,
    include: ['src/**/*.test.ts'],
    pool: 'forks',
    // A fresh database per file; PGlite takes a second or two to start.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
