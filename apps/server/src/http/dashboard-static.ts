import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFound } from './api-error';

/**
 * Serves the built dashboard. Hashed assets are cached for a year; every other non-API path
 * gets index.html so the single-page app's router decides what to show. Unknown API paths
 * answer 404 in the API error shape.
 */
export async function installDashboard(app: FastifyInstance, dashboardDir: string): Promise<void> {
  const built = existsSync(join(dashboardDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: dashboardDir,
      // Files are looked up per request, so a rebuilt dashboard is served without a restart.
      wildcard: true,
      // '/' is the app's shell too.
      index: ['index.html'],
      setHeaders(res, path) {
        res.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn(
      { dashboardDir },
      'dashboard not built: run `npm run build -w @trellis/dashboard`',
    );
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (
      path === '/api' ||
      path.startsWith('/api/') ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      throw notFound(`No route ${request.method} ${path}`);
    }
    if (!built) {
      return reply
        .code(503)
        .type('text/plain')
        .send('The dashboard is not built. Run `npm run build -w @trellis/dashboard` and reload.');
    }
    // Asset requests that miss must not receive the HTML shell: a stale tab would parse it as JS.
    if (/\.[a-z0-9]+$/i.test(path)) throw notFound(`No file ${path}`);
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
