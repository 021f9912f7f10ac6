/**
 * Browser tests (apps/dashboard/e2e): Chromium against the real server, which
 * e2e/support/global-setup.ts starts on a temporary database. Run from the repository root
 * after building the dashboard:
 *
 *   npm run build -w @trellis/dashboard && npx vitest run -c apps/dashboard/vitest.e2e.config.ts
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { sharedTestOptions } from '../../vitest.shared';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'browser',
    ...sharedTestOptions,
    include: ['e2e/**/*.e2e.test.ts'],
    environment: 'node',
    globalSetup: ['e2e/support/global-setup.ts'],
    // One server and one browser at a time: the files share the server and its rate limits.
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    teardownTimeout: 60_000,
    env: { TZ: 'UTC' },
  },
});
