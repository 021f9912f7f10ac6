import type { Queryable } from '@trellis/db';
import type { V1TaskStatus } from '@trellis/api-contract';
import { runWhere, SqlParams, type RunFilter } from './run-filter';

/**
 * Counts over a creation window of runs. Status and creation time are both in the runs list
 * index, so without metadata or parent filters these read that index alone.
 */

/** How many runs matching the filter are in each status (statuses without runs are absent). */
export async function countRunsByStatus(
  db: Queryable,
  filter: RunFilter,
): Promise<Map<V1TaskStatus, number>> {
  const params = new SqlParams();
  const { rows } = await db.query<{ status: V1TaskStatus; count: number }>(
    `SELECT r.status, count(*)::int AS count FROM workflow_runs r
     WHERE ${runWhere(filter, params)} GROUP BY r.status`,
    params.values,
  );
  return new Map(rows.map((row) => [row.status, row.count]));
}

export interface FinishedRunsBucket {
  start: Date;
  succeeded: number;
  failed: number;
}

/**
 * Completed and failed runs per bucket of creation time, for buckets that have any. Buckets
 * start at whole multiples of the bucket size since the Unix epoch (UTC).
 */
export async function countFinishedRunsPerBucket(
  db: Queryable,
  tenantId: string,
  window: { from: Date; to: Date },
  bucketSeconds: number,
): Promise<FinishedRunsBucket[]> {
  const { rows } = await db.query<FinishedRunsBucket>(
    `SELECT date_bin(make_interval(secs => $4), r.created_at, timestamptz 'epoch') AS start,
       count(*) FILTER (WHERE r.status = 'COMPLETED')::int AS succeeded,
       count(*) FILTER (WHERE r.status = 'FAILED')::int AS failed
     FROM workflow_runs r
     WHERE r.tenant_id = $1 AND r.created_at >= $2 AND r.created_at <= $3
       AND r.status IN ('COMPLETED', 'FAILED')
     GROUP BY 1`,
    [tenantId, window.from, window.to, bucketSeconds],
  );
  return rows;
}
