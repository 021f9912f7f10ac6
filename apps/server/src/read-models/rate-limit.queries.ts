import type { Queryable } from '@trellis/db';
import { escapeLike, SqlParams } from './run-filter';
import type { Page } from './run-list.queries';

export interface RateLimitViewRow {
  key: string;
  limitValue: number;
  duration: string;
  /** Units left in the current window, a window that has passed counting as refilled. */
  value: number;
  lastRefill: Date;
}

const ORDER_COLUMNS = { key: 'key', value: 'value', limitValue: 'limit_value' } as const;

/** A page of the tenant's rate limits, with the total, ordered and optionally searched by key. */
export async function listRateLimits(
  db: Queryable,
  tenantId: string,
  options: Page & {
    search?: string | undefined;
    orderByField: keyof typeof ORDER_COLUMNS;
    orderByDirection: 'asc' | 'desc';
  },
): Promise<{ rows: RateLimitViewRow[]; total: number }> {
  const p = new SqlParams();
  const conditions = [`tenant_id = ${p.add(tenantId)}`];
  if (options.search) conditions.push(`key ILIKE ${p.add(`%${escapeLike(options.search)}%`)}`);
  const where = conditions.join(' AND ');
  const direction = options.orderByDirection === 'desc' ? 'DESC' : 'ASC';
  const { rows } = await db.query<RateLimitViewRow & { total: number }>(
    `SELECT key, limit_value AS "limitValue", duration, value, last_refill AS "lastRefill",
            count(*) OVER ()::int AS total
       FROM rate_limits WHERE ${where}
      ORDER BY ${ORDER_COLUMNS[options.orderByField]} ${direction}, key
      LIMIT ${p.add(options.limit)} OFFSET ${p.add(options.offset)}`,
    p.values,
  );
  let total = rows[0]?.total;
  if (total === undefined) {
    const counted = await db.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM rate_limits WHERE ${where}`,
      p.values.slice(0, conditions.length),
    );
    total = counted.rows[0]!.total;
  }
  return { rows: rows.map(({ total: _total, ...row }) => row), total };
}
