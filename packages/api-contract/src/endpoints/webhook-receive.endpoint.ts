import { z } from 'zod';
import { uuidSchema } from '../common';
import { defineEndpoint } from '../endpoint';
import { v1WebhookResponseSchema, webhookNameSchema } from '../events';

/**
 * Where other services deliver to an incoming webhook. Documented, but not served through the
 * contract router (nor walked by the route tests that walk `allEndpoints`): it needs the raw
 * body for signatures, takes JSON or form bodies, and authenticates with the webhook's own
 * credentials (apps/server/src/webhooks).
 */
export const v1WebhookReceive = defineEndpoint({
  operationId: 'v1WebhookReceive',
  method: 'POST',
  path: '/api/v1/stable/tenants/{tenant}/webhooks/{webhook}',
  summary:
    'Receives a delivery: checks its credentials or signature, turns it into an event (key from the webhook’s expression) and answers the event, or 204 when the webhook says so; refused deliveries store nothing',
  tag: 'Webhook',
  auth: 'none',
  params: z.object({ tenant: uuidSchema, webhook: webhookNameSchema }),
  body: z.record(z.string(), z.unknown()),
  responses: { 200: v1WebhookResponseSchema, 204: null },
});
