import type { Queryable } from '@trellis/db';

/** A Slack webhook as the API shows it: its URL stays in the database. */
export interface SlackWebhookRow {
  id: string;
  tenantId: string;
  teamId: string;
  teamName: string;
  channelId: string;
  channelName: string;
  createdAt: Date;
  updatedAt: Date;
}

/** Where an alert is posted, and how a failure names the channel. */
export interface SlackTarget {
  url: string;
  teamName: string;
  channelName: string;
}

const COLUMNS = `id, tenant_id AS "tenantId", team_id AS "teamId", team_name AS "teamName",
  channel_id AS "channelId", channel_name AS "channelName", created_at AS "createdAt",
  updated_at AS "updatedAt"`;

/**
 * Stores an installed webhook. Installing to a channel the tenant has already replaces its URL
 * (Slack made a new one; the channel must not get every alert twice).
 */
export async function upsertSlackWebhook(
  db: Queryable,
  tenantId: string,
  webhook: {
    teamId: string;
    teamName: string;
    channelId: string;
    channelName: string;
    url: string;
  },
): Promise<SlackWebhookRow> {
  const { rows } = await db.query<SlackWebhookRow>(
    `INSERT INTO slack_webhooks (tenant_id, team_id, team_name, channel_id, channel_name, webhook_url)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (tenant_id, team_id, channel_id) DO UPDATE
       SET team_name = EXCLUDED.team_name, channel_name = EXCLUDED.channel_name,
           webhook_url = EXCLUDED.webhook_url, updated_at = now()
     RETURNING ${COLUMNS}`,
    [
      tenantId,
      webhook.teamId,
      webhook.teamName,
      webhook.channelId,
      webhook.channelName,
      webhook.url,
    ],
  );
  return rows[0]!;
}

/** The tenant's webhooks, oldest first. */
export async function listSlackWebhooks(
  db: Queryable,
  tenantId: string,
): Promise<SlackWebhookRow[]> {
  const { rows } = await db.query<SlackWebhookRow>(
    `SELECT ${COLUMNS} FROM slack_webhooks WHERE tenant_id = $1 ORDER BY created_at, id`,
    [tenantId],
  );
  return rows;
}

/** Whether the tenant had the webhook. */
export async function deleteSlackWebhook(
  db: Queryable,
  tenantId: string,
  id: string,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `DELETE FROM slack_webhooks WHERE tenant_id = $1 AND id = $2`,
    [tenantId, id],
  );
  return rowCount === 1;
}
