import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'db',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    pool: 'forks',
    // Starting PGlite takes a second or two, more on a loaded machine; the kill test starts it
    // in a child process as well.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
