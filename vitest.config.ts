import { defineConfig } from 'vitest/config';

// Each workspace is a Vitest project with its own config; `npm test` runs them by tier.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/server', 'apps/dashboard', 'tools/*'],
  },
});
