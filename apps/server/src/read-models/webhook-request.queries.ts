import type { Queryable } from '@trellis/db';

export type WebhookRequestOutcome = 'ACCEPTED' | 'REFUSED';

export interface WebhookRequestRow {
  /** int8, read as a string like every int8. */
  id: string;
  receivedAt: Date;
  statusCode: number;
  outcome: WebhookRequestOutcome;
  reason: string | null;
  eventId: string | null;
}

export interface NewWebhookRequest {
  tenantId: string;
  webhookName: string;
  statusCode: number;
  outcome: WebhookRequestOutcome;
  reason: string | null;
  eventId: string | null;
}

/**
 * Records one request and trims the webhook's log to the newest `keep`, in one statement. The
 * DELETE sees the log as it was before the INSERT (one snapshot for the whole statement), so it
 * keeps the newest `keep - 1` older rows and the new row makes `keep`.
 */
export async function insertWebhookRequest(
  db: Queryable,
  request: NewWebhookRequest,
  keep: number,
): Promise<void> {
  await db.query(
    `WITH inserted AS (
       INSERT INTO incoming_webhook_requests
         (tenant_id, webhook_name, status_code, outcome, reason, event_id)
       VALUES ($1, $2, $3, $4, $5, $6)
     )
     DELETE FROM incoming_webhook_requests
     WHERE tenant_id = $1 AND webhook_name = $2
       AND id <= (SELECT id FROM incoming_webhook_requests
                  WHERE tenant_id = $1 AND webhook_name = $2
                  ORDER BY id DESC OFFSET $7 LIMIT 1)`,
    [
      request.tenantId,
      request.webhookName,
      request.statusCode,
      request.outcome,
      request.reason,
      request.eventId,
      keep - 1,
    ],
  );
}

/** The latest requests of a webhook, newest first. */
export async function listWebhookRequests(
  db: Queryable,
  tenantId: string,
  webhookName: string,
  limit: number,
): Promise<WebhookRequestRow[]> {
  const { rows } = await db.query<WebhookRequestRow>(
    `SELECT id, received_at AS "receivedAt", status_code AS "statusCode", outcome, reason,
       event_id AS "eventId"
     FROM incoming_webhook_requests
     WHERE tenant_id = $1 AND webhook_name = $2
     ORDER BY id DESC LIMIT $3`,
    [tenantId, webhookName, limit],
  );
  return rows;
}

/** Forgets a webhook's log, so a new webhook of the same name starts with an empty one. */
export async function deleteWebhookRequests(
  db: Queryable,
  tenantId: string,
  webhookName: string,
): Promise<void> {
  await db.query(
    'DELETE FROM incoming_webhook_requests WHERE tenant_id = $1 AND webhook_name = $2',
    [tenantId, webhookName],
  );
}
