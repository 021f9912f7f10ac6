/**
 * A request to a webhook's URL becoming an event, in the reference's order (REST reference
 * 6.6) with one change: a Slack url_verification challenge is answered only once the request
 * is verified, because Slack signs those requests like any other and an unverified echo would
 * let anyone pass Slack's ownership check for this URL.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { uuidSchema, webhookNameSchema } from '@trellis/api-contract';
import type { Queryable } from '@trellis/db';
import type { EngineApi } from '@trellis/engine';
import { findTenantById } from '../accounts/tenant.queries';
import { badRequest } from '../http/api-error';
import { findWebhook, type WebhookRow } from '../read-models/webhook.queries';
import { limitRefusalsAs429 } from '../resource-limits/limit-refusals';
import type { ResourceLimits } from '../resource-limits/resource-limits';
import { evaluateEventKey, expressionHeaders } from './evaluate-event-key';
import { eventPayloadOf, parseWebhookBody } from './parse-webhook-body';
import { assertFreshLinearDelivery, verifyWebhookRequest } from './verify-signature';
import type { WebhookCredentialSealer } from './webhook-credentials';

/** The webhook a receive URL names, or the reference's 400 for an unknown tenant or name. */
export async function findReceivingWebhook(
  db: Queryable,
  tenantId: string,
  name: string,
): Promise<WebhookRow> {
  const validTenantId = uuidSchema.safeParse(tenantId).success;
  // A name no webhook can have (a NUL byte, which PostgreSQL cannot even compare) is unknown.
  const validName = webhookNameSchema.safeParse(name).success;
  const webhook = validTenantId && validName ? await findWebhook(db, tenantId, name) : undefined;
  if (webhook) return webhook;
  if (!validTenantId || !(await findTenantById(db, tenantId))) throw badRequest('tenant not found');
  throw badRequest(`webhook ${name} not found for tenant ${tenantId}`);
}

export type ReceiveOutcome = { challenge: string } | { eventId: string };

/**
 * Verifies, parses and pushes; throws the refusal (an ApiError) at the first failed step, so a
 * refused request never reaches the engine. The event is the last thing done: once pushed, it
 * is stored with the runs it triggered.
 */
export async function receiveWebhook(
  dependencies: {
    engine: EngineApi;
    sealer: WebhookCredentialSealer;
    resourceLimits: ResourceLimits;
  },
  webhook: WebhookRow,
  request: { headers: IncomingHttpHeaders; rawBody: Buffer },
): Promise<ReceiveOutcome> {
  const now = Date.now();
  const credentials = await dependencies.sealer.open(webhook);
  verifyWebhookRequest(webhook.sourceName, credentials, { ...request, now });

  const body = parseWebhookBody(
    webhook.sourceName,
    request.headers['content-type'],
    request.rawBody,
  );
  if (webhook.sourceName === 'LINEAR') assertFreshLinearDelivery(body, now);
  if (webhook.sourceName === 'SLACK' && typeof body.challenge === 'string')
    return { challenge: body.challenge };

  const payload = eventPayloadOf(body, webhook.staticPayload);
  const { key, scope } = evaluateEventKey(webhook, {
    input: payload,
    headers: expressionHeaders(request.headers),
  });
  const [eventId] = await limitRefusalsAs429(
    dependencies.resourceLimits.admitEvents(webhook.tenantId, 1, () =>
      dependencies.engine.pushEvents(webhook.tenantId, [
        { key, payload, scope, triggeringWebhookName: webhook.name },
      ]),
    ),
  );
  return { eventId: eventId! };
}
