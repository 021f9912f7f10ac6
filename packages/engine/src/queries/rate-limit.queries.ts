import type { Queryable } from '@trellis/db';

export interface RateLimitRow {
  tenantId: string;
  key: string;
  limitValue: number;
  duration: string;
  value: number;
  lastRefill: Date;
}

/**
 * Creates a limit, or changes its limit and window: what is left of the current window is kept,
 * within the new limit.
 */
export async function upsertRateLimit(
  db: Queryable,
  tenantId: string,
  limit: { key: string; limit: number; duration: string },
): Promise<RateLimitRow> {
  const { rows } = await db.query<RateLimitRow>(
    `INSERT INTO rate_limits (tenant_id, key, limit_value, duration, value)
     VALUES ($1, $2, $3, $4, $3)
     ON CONFLICT (tenant_id, key) DO UPDATE
       SET limit_value = EXCLUDED.limit_value, duration = EXCLUDED.duration,
           value = LEAST(rate_limits.value, EXCLUDED.limit_value), updated_at = now()
     RETURNING tenant_id AS "tenantId", key, limit_value AS "limitValue", duration, value,
               last_refill AS "lastRefill"`,
    [tenantId, limit.key, limit.limit, limit.duration],
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
