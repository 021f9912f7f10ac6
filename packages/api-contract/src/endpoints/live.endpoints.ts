import { z } from 'zod';
import { uuidSchema } from '../common';
import { defineEndpoint } from '../endpoint';
import { v1LiveChangesSchema } from '../live';

export const v1LiveUpdates = defineEndpoint({
  operationId: 'v1LiveUpdates',
  method: 'GET',
  path: '/api/v1/stable/tenants/{tenant}/live',
  summary:
    "Trellis: the tenant's changes as server-sent events (`changes`, with V1LiveChanges as data; `reset` when the stream cannot resume from Last-Event-ID, so everything shown should be fetched again), with a heartbeat comment every 15 s",
  tag: 'Tenant',
  auth: 'tenant',
  minRole: 'VIEWER',
  params: z.object({ tenant: uuidSchema }),
  /** Where to resume when the client cannot send the Last-Event-ID header. */
  query: z.object({ lastEventId: z.string().max(64).optional() }),
  responses: { 200: null },
  eventStream: v1LiveChangesSchema,
});
