import { z } from 'zod';
import { uuidSchema } from '../common';
import { defineEndpoint } from '../endpoint';
import { PROMETHEUS_METRICS_DISABLED } from '../prometheus';

export const tenantGetPrometheusMetrics = defineEndpoint({
  operationId: 'tenantGetPrometheusMetrics',
  method: 'GET',
  path: '/api/v1/tenants/{tenant}/prometheus-metrics',
  summary: `The tenant's own series of the server's Prometheus metrics (those labelled with its tenant_id), in the text exposition format; 400 "${PROMETHEUS_METRICS_DISABLED}" when the server's metrics are off (TRELLIS_METRICS)`,
  tag: 'Tenant',
  auth: 'tenant',
  minRole: 'VIEWER',
  params: z.object({ tenant: uuidSchema }),
  responses: { 200: null },
  text: {
    contentType: 'text/plain',
    description: 'Prometheus text exposition format (version 0.0.4)',
  },
});
