import type { Queryable } from '@trellis/db';
import { inScopeSql, scopeParam, type TenantScope } from '../tenant-scope';
import type { Write } from './combined-writes';

export interface RateLimitRow {
  tenantId: string;
  key: string;
  limitValue: number;
  duration: string;
  value: number;
  lastRefill: Date;
}

/**
 * Creates a limit, or changes its limit and window: what the current window spent stays spent,
 * so a larger limit makes room at once.
 */
export async function upsertRateLimit(
  db: Queryable,
  tenantId: string,
  limit: { key: string; limit: number; duration: string },
  now: Date,
): Promise<RateLimitRow> {
  const { rows } = await db.query<RateLimitRow>(
    `INSERT INTO rate_limits (tenant_id, key, limit_value, duration, value, last_refill)
     VALUES ($1, $2, $3, $4, $3, $5)
     ON CONFLICT (tenant_id, key) DO UPDATE
       SET limit_value = EXCLUDED.limit_value, duration = EXCLUDED.duration,
           value = GREATEST(0, EXCLUDED.limit_value - (rate_limits.limit_value - rate_limits.value)),
           updated_at = now()
     RETURNING tenant_id AS "tenantId", key, limit_value AS "limitValue", duration, value,
               last_refill AS "lastRefill"`,
    [tenantId, limit.key, limit.limit, limit.duration, now],
  );
  return rows[0]!;
}

export async function deleteRateLimit(
  db: Queryable,
  tenantId: string,
  key: string,
): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM rate_limits WHERE tenant_id = $1 AND key = $2', [
    tenantId,
    key,
  ]);
  return (rowCount ?? 0) > 0;
}

/** Keys a run's tasks declare with a limit, created if missing (an existing one is kept). */
export function rateLimitsCreate(
  limits: readonly { tenantId: string; key: string; limit: number; duration: string }[],
  now: Date,
): Write {
  return {
    text: (first) =>
      `INSERT INTO rate_limits (tenant_id, key, limit_value, duration, value, last_refill)
       SELECT x."tenantId", x.key, x.limit, x.duration, x.limit, $${first + 1}::timestamptz
         FROM jsonb_to_recordset($${first}::jsonb) AS x("tenantId" uuid, key text, "limit" int, duration text)
       ON CONFLICT (tenant_id, key) DO NOTHING`,
    params: [JSON.stringify(limits), now],
  };
}

/** Every limit, read once at start-up for the scheduler's ledger. */
export async function listAllRateLimits(
  db: Queryable,
  scope: TenantScope,
): Promise<RateLimitRow[]> {
  const { rows } = await db.query<RateLimitRow>(
    `SELECT tenant_id AS "tenantId", key, limit_value AS "limitValue", duration, value,
            last_refill AS "lastRefill"
       FROM rate_limits WHERE ${inScopeSql('tenant_id', '$1')}`,
    [scopeParam(scope)],
  );
  return rows;
}

/** What the ledger spent and refilled, written in the tick that assigned. */
export function rateLimitValuesUpdate(
  rows: readonly { tenantId: string; key: string; value: number; lastRefill: Date }[],
): Write {
  return {
    text: (first) =>
      `UPDATE rate_limits r SET value = x.value, last_refill = x."lastRefill"
         FROM jsonb_to_recordset($${first}::jsonb) AS x("tenantId" uuid, key text, value int, "lastRefill" timestamptz)
        WHERE r.tenant_id = x."tenantId" AND r.key = x.key`,
    params: [JSON.stringify(rows)],
  };
}
