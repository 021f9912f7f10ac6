/**
 * What each webhook received and how it was answered, for the people debugging an
 * integration: the status, whether an event came of it (and which), or why not.
 */
import { apiErrorsSchema } from '@trellis/api-contract';
import type { Queryable } from '@trellis/db';
import { insertWebhookRequest } from '../read-models/webhook-request.queries';
import type { WebhookRow } from '../read-models/webhook.queries';

/** How many requests each webhook's log keeps, newest first. */
const REQUEST_LOG_SIZE = 100;

/** What the receive flow learned about one request before it was answered. */
export interface WebhookReceipt {
  webhook: WebhookRow;
  eventId?: string;
  /** Why a request that created no event was still accepted. */
  note?: string;
}

/**
 * Records the answer as sent. A refusal's reason is the error descriptions of the body the
 * caller received, whichever step refused it (the body reader, verification, the engine), and
 * a 500 keeps the error handler's generic text rather than the internal message.
 */
export async function recordWebhookRequest(
  db: Queryable,
  receipt: WebhookReceipt,
  answer: { statusCode: number; body: unknown },
): Promise<void> {
  const refused = answer.statusCode >= 400;
  await insertWebhookRequest(
    db,
    {
      tenantId: receipt.webhook.tenantId,
      webhookName: receipt.webhook.name,
      statusCode: answer.statusCode,
      outcome: refused ? 'REFUSED' : 'ACCEPTED',
      reason: refused ? errorDescriptionsOf(answer.body) : (receipt.note ?? null),
      eventId: receipt.eventId ?? null,
    },
    REQUEST_LOG_SIZE,
  );
}

function errorDescriptionsOf(body: unknown): string | null {
  if (typeof body !== 'string') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  const errors = apiErrorsSchema.safeParse(parsed);
  return errors.success ? errors.data.errors.map((error) => error.description).join('; ') : null;
}
