import { defineConfig } from 'vitest/config';

// Each workspace is a Vitest project with its own config; `npm test` runs them by tier.
export default defineConfig({
  test: {
    projects: [
      'packages/*',
      'apps/server',
      'apps/server/vitest.serial.config.ts',
      'apps/server/vitest.sdk.config.ts',
      'apps/server/vitest.fuzz.config.ts',
      'apps/dashboard',
      'tools/*',
    ],
    // Vitest runs one file at a time less than the machine has cores, which on the 2-core CI
    // machine is one. Most files wait on something (SDK processes, timers, the database), so
    // three at a time overlap those waits; timing never decides a test's assertions.
    maxWorkers: 3,
  },
});
