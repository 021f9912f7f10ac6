/**
 * Prometheus metrics (observability/metrics.ts; docs/operations.md):
 *
 * - `GET /metrics`, for operators, outside the API: every series, when TRELLIS_METRICS=on; with
 *   TRELLIS_METRICS_TOKEN set, only for `Authorization: Bearer <token>`. Off, it answers 404
 *   in plain text saying how to turn it on (rather than the dashboard's page).
 * - `GET /api/v1/tenants/{tenant}/prometheus-metrics`, for any member of the tenant or its API
 *   token: the series labelled with that tenant's id, and no other tenant's.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  PROMETHEUS_CONTENT_TYPE,
  PROMETHEUS_METRICS_DISABLED,
  tenantGetPrometheusMetrics,
} from '@trellis/api-contract';
import type { ServerMetrics } from '../../observability/metrics';
import { badRequest } from '../api-error';
import type { ApiRouter } from '../api-router';
import { hijackReply } from '../hijack-reply';

export function registerMetricsRoutes(
  api: ApiRouter,
  app: FastifyInstance,
  metrics: ServerMetrics | undefined,
): void {
  const token = api.context.config.metrics.token;
  const expected = token === undefined ? undefined : digest(token);

  app.get('/metrics', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!metrics) {
      return reply
        .code(404)
        .type('text/plain; charset=utf-8')
        .send('Metrics are off: set TRELLIS_METRICS=on to serve them here.\n');
    }
    if (expected !== undefined && !bearerMatches(request.headers.authorization, expected)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .type('text/plain; charset=utf-8')
        .send('This endpoint needs Authorization: Bearer <TRELLIS_METRICS_TOKEN>.\n');
    }
    return reply.type(metrics.contentType).send(await metrics.render());
  });

  api.handle(tenantGetPrometheusMetrics, async ({ identity, reply }) => {
    if (!metrics) throw badRequest(PROMETHEUS_METRICS_DISABLED);
    const text = await metrics.renderTenant(identity.tenant!.id);
    // The router writes JSON; this body is text.
    const raw = hijackReply(reply);
    raw.writeHead(200, {
      'content-type': PROMETHEUS_CONTENT_TYPE,
      'content-length': Buffer.byteLength(text),
      'cache-control': 'no-store',
    });
    raw.end(text);
  });
}

/** Hashed first, so that the comparison takes the same time whatever the lengths. */
function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

function bearerMatches(header: string | undefined, expected: Buffer): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match !== null && timingSafeEqual(digest(match[1]!), expected);
}
