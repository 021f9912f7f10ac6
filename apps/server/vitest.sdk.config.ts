import { defineConfig } from 'vitest/config';
import { SDK_FILES, serverTestOptions } from './vitest.config';

// The worker-protocol tests that CI runs on PostgreSQL only (vitest.config.ts says why).
export default defineConfig({
  test: { name: 'server-sdk', include: SDK_FILES, isolate: false, ...serverTestOptions },
});
