import type { Queryable } from '@trellis/db';
import type { TenantResource } from '../alerting/resource-limit-alert';

export interface ResourceLimitRow {
  id: string;
  resource: TenantResource;
  value: number;
  lastRefill: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface ResourceLimitSettings {
  resource: TenantResource;
  limitValue: number;
  alarmValue: number;
  window: string | null;
}

/**
 * The tenant's limit rows, made when missing and brought in line with the configuration
 * (which owns the limit, the alarm value and the window in this edition); the meters stay.
 */
export async function upsertTenantLimits(
  db: Queryable,
  tenantId: string,
  settings: readonly ResourceLimitSettings[],
  now: Date,
): Promise<ResourceLimitRow[]> {
  const { rows } = await db.query<ResourceLimitRow>(
    `INSERT INTO tenant_resource_limits
       (tenant_id, resource, limit_value, alarm_value, meter_window, last_refill)
     SELECT $1, x.resource, x."limitValue", x."alarmValue", x."window",
            CASE WHEN x."window" IS NULL THEN NULL ELSE $3::timestamptz END
       FROM jsonb_to_recordset($2::jsonb)
         AS x(resource text, "limitValue" integer, "alarmValue" integer, "window" text)
     ON CONFLICT (tenant_id, resource) DO UPDATE SET
       limit_value = excluded.limit_value,
       alarm_value = excluded.alarm_value,
       meter_window = excluded.meter_window,
       last_refill = CASE WHEN excluded.meter_window IS NULL THEN NULL
                          ELSE COALESCE(tenant_resource_limits.last_refill, excluded.last_refill) END,
       updated_at = now()
     RETURNING id, resource, value, last_refill AS "lastRefill",
               created_at AS "createdAt", updated_at AS "updatedAt"`,
    [tenantId, JSON.stringify(settings), now],
  );
  return rows;
}

/** The meters' values and windows, many rows in one statement. */
export async function writeMeters(
  db: Queryable,
  meters: readonly { id: string; value: number; lastRefill: Date | null }[],
): Promise<void> {
  await db.query(
    `UPDATE tenant_resource_limits l
        SET value = x.value, last_refill = x."lastRefill", updated_at = now()
       FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, value integer, "lastRefill" timestamptz)
      WHERE l.id = x.id`,
    [JSON.stringify(meters)],
  );
}

/** What exists now of each resource that is counted rather than metered. */
export type LiveUse = Record<
  'WORKER' | 'WORKER_SLOT' | 'CRON' | 'SCHEDULE' | 'INCOMING_WEBHOOK',
  number
>;

/**
 * Active workers and their slots, crons, scheduled runs still to fire, and incoming webhooks:
 * one statement, on the tenant's indexes.
 */
export async function countLiveUse(db: Queryable, tenantId: string): Promise<LiveUse> {
  const { rows } = await db.query<LiveUse>(
    `SELECT
       (SELECT count(*) FROM workers WHERE tenant_id = $1 AND status = 'ACTIVE')::int AS "WORKER",
       (SELECT COALESCE(sum(s.units::int), 0) FROM workers w, jsonb_each_text(w.slot_config) AS s(slot, units)
         WHERE w.tenant_id = $1 AND w.status = 'ACTIVE')::int AS "WORKER_SLOT",
       (SELECT count(*) FROM cron_triggers WHERE tenant_id = $1)::int AS "CRON",
       (SELECT count(*) FROM scheduled_runs WHERE tenant_id = $1 AND run_id IS NULL)::int AS "SCHEDULE",
       (SELECT count(*) FROM incoming_webhooks WHERE tenant_id = $1)::int AS "INCOMING_WEBHOOK"`,
    [tenantId],
  );
  return rows[0]!;
}

/** The crons a workflow declares in its code: a new version's crons replace them. */
export async function countCodeCrons(
  db: Queryable,
  tenantId: string,
  workflowName: string,
): Promise<number> {
  const { rows } = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM cron_triggers c JOIN workflows w ON w.id = c.workflow_id
      WHERE c.tenant_id = $1 AND c.method = 'DEFAULT' AND w.tenant_id = $1 AND w.name = $2
        AND w.deleted_at IS NULL`,
    [tenantId, workflowName],
  );
  return rows[0]!.count;
}
