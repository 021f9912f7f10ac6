import { sqlTaskInRunDay, type Queryable } from '@trellis/db';
import type { SlackTarget } from '../slack/slack-webhook.queries';
import type { ResourceLimitAlert } from './resource-limit-alert';

/** A failed run as its alert describes it. */
export interface FailedRunRow {
  runId: string;
  tenantId: string;
  workflowName: string;
  finishedAt: Date;
  /** The error of the run's last failed task, if one recorded an error. */
  error: string | null;
}

/**
 * The failed runs among `runIds` whose tenants have failure alerts on, with their workflow and
 * error: one statement for a whole batch (run ids are unique across tenants).
 */
export async function readFailedRunsToAlert(
  db: Queryable,
  runIds: readonly string[],
): Promise<FailedRunRow[]> {
  const { rows } = await db.query<FailedRunRow>(
    `SELECT r.id AS "runId", r.tenant_id AS "tenantId", w.name AS "workflowName",
            r.finished_at AS "finishedAt",
            (SELECT t.error FROM tasks t
              WHERE t.run_id = r.id AND ${sqlTaskInRunDay('t.id', 'r.id')}
                AND t.tenant_id = r.tenant_id AND t.status = 'FAILED'
              ORDER BY t.finished_at DESC NULLS LAST, t.id DESC LIMIT 1) AS error
       FROM workflow_runs r
       JOIN workflows w ON w.id = r.workflow_id
       JOIN tenant_alerting_settings s ON s.tenant_id = r.tenant_id
      WHERE r.id = ANY($1::uuid[]) AND r.status = 'FAILED'
        AND s.enable_workflow_run_failure_alerts
      ORDER BY r.finished_at, r.id`,
    [runIds],
  );
  return rows;
}

/** What sending a tenant's alert needs: whether it is still wanted, and to whom. */
export interface AlertTargetRow {
  tenantName: string;
  enableWorkflowRunFailureAlerts: boolean;
  maxAlertingFrequency: string;
  lastAlertedAt: Date | null;
  /** Each group's addresses. */
  groups: string[][];
  /** The members' addresses when the tenant alerts its members, else empty. */
  memberEmails: string[];
  /** The tenant's Slack webhooks, oldest first. */
  slack: SlackTarget[];
}

export async function readAlertTargets(
  db: Queryable,
  tenantId: string,
): Promise<AlertTargetRow | undefined> {
  const { rows } = await db.query<
    AlertTargetRow & { groups: string[][] | null; slack: SlackTarget[] | null }
  >(
    `SELECT t.name AS "tenantName",
            s.enable_workflow_run_failure_alerts AS "enableWorkflowRunFailureAlerts",
            s.max_alerting_frequency AS "maxAlertingFrequency", s.last_alerted_at AS "lastAlertedAt",
            (SELECT json_agg(g.emails ORDER BY g.created_at, g.id)
               FROM tenant_alert_email_groups g WHERE g.tenant_id = t.id) AS groups,
            (SELECT json_agg(json_build_object('url', w.webhook_url, 'teamName', w.team_name,
                                               'channelName', w.channel_name)
                             ORDER BY w.created_at, w.id)
               FROM slack_webhooks w WHERE w.tenant_id = t.id) AS slack,
            CASE WHEN t.alert_member_emails THEN
              ARRAY(SELECT u.email FROM tenant_members m JOIN users u ON u.id = m.user_id
                     WHERE m.tenant_id = t.id ORDER BY u.email)
            ELSE ARRAY[]::text[] END AS "memberEmails"
       FROM tenants t JOIN tenant_alerting_settings s ON s.tenant_id = t.id
      WHERE t.id = $1`,
    [tenantId],
  );
  const row = rows[0];
  return row && { ...row, groups: row.groups ?? [], slack: row.slack ?? [] };
}

/** Starts the tenant's alert window: the time its last failure alert was sent. */
export async function setLastAlertedAt(db: Queryable, tenantId: string, at: Date): Promise<void> {
  await db.query(`UPDATE tenant_alerting_settings SET last_alerted_at = $2 WHERE tenant_id = $1`, [
    tenantId,
    at,
  ]);
}

export async function recordDeliveryFailure(
  db: Queryable,
  tenantId: string,
  at: Date,
  message: string,
): Promise<void> {
  await db.query(
    `UPDATE tenant_alerting_settings SET last_delivery_failed_at = $2, last_delivery_failure = $3
      WHERE tenant_id = $1`,
    [tenantId, at, message],
  );
}

/**
 * A message delivered: forgets a failure recorded before it was sent (a failure of another
 * message since then stays shown).
 */
export async function clearDeliveryFailure(
  db: Queryable,
  tenantId: string,
  sentAt: Date,
): Promise<void> {
  await db.query(
    `UPDATE tenant_alerting_settings SET last_delivery_failed_at = NULL, last_delivery_failure = NULL
      WHERE tenant_id = $1 AND last_delivery_failed_at < $2`,
    [tenantId, sentAt],
  );
}

export async function findDeliveryFailure(
  db: Queryable,
  tenantId: string,
): Promise<{ failedAt: Date; message: string } | undefined> {
  const { rows } = await db.query<{ failedAt: Date | null; message: string | null }>(
    `SELECT last_delivery_failed_at AS "failedAt", last_delivery_failure AS message
       FROM tenant_alerting_settings WHERE tenant_id = $1`,
    [tenantId],
  );
  const row = rows[0];
  return row?.failedAt ? { failedAt: row.failedAt, message: row.message ?? '' } : undefined;
}

export interface ExpiringTokenRow {
  id: string;
  tenantId: string;
  name: string;
  expiresAt: Date;
}

/**
 * Claims the tokens that expire within `withinMs` and were not alerted yet, of tenants with
 * expiring-token alerts on: marked in the same statement, so each is alerted once even with
 * several processes checking.
 */
export async function claimExpiringTokens(
  db: Queryable,
  now: Date,
  withinMs: number,
): Promise<ExpiringTokenRow[]> {
  const { rows } = await db.query<ExpiringTokenRow>(
    `UPDATE api_tokens a SET expiry_alerted_at = $1
       FROM tenant_alerting_settings s
      WHERE s.tenant_id = a.tenant_id AND s.enable_expiring_token_alerts
        AND a.expiry_alerted_at IS NULL AND NOT a.revoked AND NOT a.internal
        AND a.expires_at > $1 AND a.expires_at <= $2
      RETURNING a.id, a.tenant_id AS "tenantId", a.name, a.expires_at AS "expiresAt"`,
    [now, new Date(now.getTime() + withinMs)],
  );
  return rows;
}

/** A day between two alerts of the same resource limit reached. */
const RESOURCE_LIMIT_ALERT_INTERVAL = '24 hours';

/**
 * Claims the alert of a resource limit reached: true when the tenant has resource-limit alerts
 * on and was not alerted of this (resource, kind) within a day. Recorded in the same statement,
 * so a restart or another process does not send it again.
 */
export async function claimResourceLimitAlert(
  db: Queryable,
  alert: Pick<ResourceLimitAlert, 'tenantId' | 'resource' | 'kind'>,
  now: Date,
): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO tenant_resource_limit_alerts (tenant_id, resource, kind, alerted_at)
     SELECT s.tenant_id, $2, $3, $4 FROM tenant_alerting_settings s
      WHERE s.tenant_id = $1 AND s.enable_tenant_resource_limit_alerts
     ON CONFLICT (tenant_id, resource, kind) DO UPDATE SET alerted_at = EXCLUDED.alerted_at
      WHERE tenant_resource_limit_alerts.alerted_at
            <= EXCLUDED.alerted_at - interval '${RESOURCE_LIMIT_ALERT_INTERVAL}'
     RETURNING tenant_id`,
    [alert.tenantId, alert.resource, alert.kind, now],
  );
  return rows.length > 0;
}
