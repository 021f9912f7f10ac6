import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'cron', include: ['src/**/*.test.ts'] },
});
