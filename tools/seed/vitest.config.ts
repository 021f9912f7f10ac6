import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'seed',
    include: ['src/**/*.test.ts'],
    // A fresh database and the whole HTTP app per file, and a few thousand tasks written.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    env: { TZ: 'UTC' },
  },
});
