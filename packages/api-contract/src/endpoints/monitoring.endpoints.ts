import { z } from 'zod';
import { uuidSchema } from '../common';
import { defineEndpoint } from '../endpoint';

export const monitoringPostRunProbe = defineEndpoint({
  operationId: 'monitoringPostRunProbe',
  method: 'POST',
  path: '/api/v1/monitoring/{tenant}/probe',
  summary:
    'Check that the tenant’s runs go through: trigger a one-task probe workflow, run it on an in-process probe worker and wait for its output. 200 with no body when it came back in time',
  tag: 'Monitoring',
  auth: 'tenant',
  minRole: 'VIEWER',
  params: z.object({ tenant: uuidSchema }),
  responses: { 200: null },
});
