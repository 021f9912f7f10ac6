/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server (apps/server) listens here in development; it also serves `dist/` itself
// in production, so the proxy only matters for `vite` and `vite preview`.
const apiTarget = process.env.TRELLIS_API_URL ?? 'http://127.0.0.1:8080';
const proxy = { '/api': { target: apiTarget, changeOrigin: false } };

export default defineConfig({
  base: '/',
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Keep the first screen small: route modules are lazy, so this only warns about
    // a chunk that would blow the budget on its own.
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        // Libraries every screen needs get their own long-cached chunks, so a deploy that
        // only changes app code does not make browsers download React again.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/ },
          ],
        },
      },
    },
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    // Browser tests need a built dashboard and a server: vitest.e2e.config.ts runs them.
    exclude: ['e2e/**', 'node_modules/**', 'dist/**'],
    environment: 'node',
    setupFiles: ['src/test-setup.ts'],
    env: { TZ: 'UTC' },
    restoreMocks: true,
    // A screen renders in well under a second on a quiet machine; beside the other tiers on the
    // 2-core CI machine, a lazy route's first render took over 5 s and `findBy…` gave up after
    // its default 1 s (test-setup.ts raises that too). Waits are generous; nothing asserts on time.
    testTimeout: 30_000,
  },
});
