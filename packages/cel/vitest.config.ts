import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'cel', include: ['src/**/*.test.ts'] },
});
