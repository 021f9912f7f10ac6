import type { V1WebhookAuthType, V1WebhookSourceName } from '@trellis/api-contract';
import type { Queryable } from '@trellis/db';
import type { SealedCredentials } from '../webhooks/webhook-credentials';

/** An incoming webhook as stored: its credentials stay sealed until a request is verified. */
export interface WebhookRow {
  tenantId: string;
  name: string;
  sourceName: V1WebhookSourceName;
  eventKeyExpression: string;
  scopeExpression: string | null;
  staticPayload: Record<string, unknown> | null;
  authType: V1WebhookAuthType;
  auth: SealedCredentials;
  returnEventAsResponsePayload: boolean;
  createdAt: Date;
  updatedAt: Date;
}

const WEBHOOK_COLUMNS = `tenant_id AS "tenantId", name, source_name AS "sourceName",
  event_key_expression AS "eventKeyExpression", scope_expression AS "scopeExpression",
  static_payload AS "staticPayload", auth_type AS "authType", auth,
  return_event_as_response_payload AS "returnEventAsResponsePayload",
  created_at AS "createdAt", updated_at AS "updatedAt"`;

/** Inserts a webhook; undefined when the tenant already has one by that name. */
export async function insertWebhook(
  db: Queryable,
  webhook: Omit<WebhookRow, 'createdAt' | 'updatedAt'>,
): Promise<WebhookRow | undefined> {
  const { rows } = await db.query<WebhookRow>(
    `INSERT INTO incoming_webhooks (tenant_id, name, source_name, event_key_expression,
       scope_expression, static_payload, auth_type, auth, return_event_as_response_payload)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8::jsonb, $9)
     ON CONFLICT (tenant_id, name) DO NOTHING
     RETURNING ${WEBHOOK_COLUMNS}`,
    [
      webhook.tenantId,
      webhook.name,
      webhook.sourceName,
      webhook.eventKeyExpression,
      webhook.scopeExpression,
      webhook.staticPayload === null ? null : JSON.stringify(webhook.staticPayload),
      webhook.authType,
      JSON.stringify(webhook.auth),
      webhook.returnEventAsResponsePayload,
    ],
  );
  return rows[0];
}

export async function findWebhook(
  db: Queryable,
  tenantId: string,
  name: string,
): Promise<WebhookRow | undefined> {
  const { rows } = await db.query<WebhookRow>(
    `SELECT ${WEBHOOK_COLUMNS} FROM incoming_webhooks WHERE tenant_id = $1 AND name = $2`,
    [tenantId, name],
  );
  return rows[0];
}

export interface WebhookListFilter {
  sourceNames?: readonly V1WebhookSourceName[] | undefined;
  names?: readonly string[] | undefined;
  offset: number;
  limit: number;
}

/** A tenant's webhooks, newest first. */
export async function listWebhooks(
  db: Queryable,
  tenantId: string,
  filter: WebhookListFilter,
): Promise<WebhookRow[]> {
  const { rows } = await db.query<WebhookRow>(
    `SELECT ${WEBHOOK_COLUMNS} FROM incoming_webhooks
     WHERE tenant_id = $1
       AND ($2::text[] IS NULL OR source_name = ANY($2::text[]))
       AND ($3::text[] IS NULL OR name = ANY($3::text[]))
     ORDER BY created_at DESC, name
     OFFSET $4 LIMIT $5`,
    [
      tenantId,
      filter.sourceNames?.length ? filter.sourceNames : null,
      filter.names?.length ? filter.names : null,
      filter.offset,
      filter.limit,
    ],
  );
  return rows;
}

/**
 * The parts of a webhook an update may change. An absent field keeps its value; a null
 * `scopeExpression` removes the scope.
 */
export interface WebhookChanges {
  eventKeyExpression?: string | undefined;
  scopeExpression?: string | null | undefined;
  staticPayload?: Record<string, unknown> | undefined;
  returnEventAsResponsePayload?: boolean | undefined;
}

/** Applies `changes` in one statement; undefined when there is no such webhook. */
export async function updateWebhook(
  db: Queryable,
  tenantId: string,
  name: string,
  changes: WebhookChanges,
): Promise<WebhookRow | undefined> {
  const { rows } = await db.query<WebhookRow>(
    `UPDATE incoming_webhooks SET
       event_key_expression = coalesce($3, event_key_expression),
       scope_expression = CASE WHEN $4::boolean THEN $5 ELSE scope_expression END,
       static_payload = coalesce($6::jsonb, static_payload),
       return_event_as_response_payload = coalesce($7, return_event_as_response_payload),
       updated_at = now()
     WHERE tenant_id = $1 AND name = $2
     RETURNING ${WEBHOOK_COLUMNS}`,
    [
      tenantId,
      name,
      changes.eventKeyExpression ?? null,
      changes.scopeExpression !== undefined,
      changes.scopeExpression ?? null,
      changes.staticPayload === undefined ? null : JSON.stringify(changes.staticPayload),
      changes.returnEventAsResponsePayload ?? null,
    ],
  );
  return rows[0];
}

/** Deletes a webhook and answers it as it was; undefined when there is no such webhook. */
export async function deleteWebhook(
  db: Queryable,
  tenantId: string,
  name: string,
): Promise<WebhookRow | undefined> {
  const { rows } = await db.query<WebhookRow>(
    `DELETE FROM incoming_webhooks WHERE tenant_id = $1 AND name = $2 RETURNING ${WEBHOOK_COLUMNS}`,
    [tenantId, name],
  );
  return rows[0];
}
