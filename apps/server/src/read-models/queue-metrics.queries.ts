/**
 * What waits and what runs, for the queue metrics and task stats: read from the queue
 * (`task_queue`), the running set (`task_runtimes`) and the pending tasks of live runs, so each
 * is bounded by the work in flight, never by history.
 */
import type { ConcurrencyClaim } from '@trellis/engine';
import type { Queryable } from '@trellis/db';
import { metadataContains, SqlParams } from './run-filter';

/** Queued tasks per action. */
export async function countQueuedByAction(
  db: Queryable,
  tenantId: string,
): Promise<Map<string, number>> {
  const { rows } = await db.query<{ actionId: string; count: number }>(
    `SELECT action_id AS "actionId", count(*)::int AS count
       FROM task_queue WHERE tenant_id = $1 GROUP BY action_id`,
    [tenantId],
  );
  return new Map(rows.map((r) => [r.actionId, r.count]));
}

export interface QueueCountRow {
  workflowId: string;
  state: 'QUEUED' | 'RUNNING' | 'PENDING';
  actionId: string;
  count: number;
}

/**
 * Queued, running and pending tasks per workflow and action, optionally of some workflows and
 * of runs whose metadata contains every pair given.
 */
export async function countLiveTasks(
  db: Queryable,
  tenantId: string,
  filter: { workflowIds?: readonly string[]; metadata?: readonly { key: string; value: string }[] },
): Promise<QueueCountRow[]> {
  const p = new SqlParams();
  const conditions = [`r.tenant_id = ${p.add(tenantId)}`, "r.status IN ('QUEUED', 'RUNNING')"];
  if (filter.workflowIds?.length) {
    conditions.push(`r.workflow_id = ANY(${p.add(filter.workflowIds)}::uuid[])`);
  }
  for (const pair of filter.metadata ?? []) {
    conditions.push(metadataContains('r.additional_metadata', pair, p));
  }
  const { rows } = await db.query<QueueCountRow>(
    `SELECT r.workflow_id AS "workflowId", t.action_id AS "actionId",
            CASE WHEN rt.task_id IS NOT NULL THEN 'RUNNING'
                 WHEN t.status = 'PENDING' THEN 'PENDING' ELSE 'QUEUED' END AS state,
            count(*)::int AS count
       FROM workflow_runs r
       JOIN tasks t ON t.run_id = r.id
       LEFT JOIN task_runtimes rt ON rt.task_id = t.id
      WHERE ${conditions.join(' AND ')}
        AND t.status IN ('PENDING', 'QUEUED', 'ASSIGNED', 'RUNNING')
      GROUP BY 1, 2, 3`,
    p.values,
  );
  return rows;
}

export interface LiveTaskRow {
  readableId: string;
  actionId: string;
  running: boolean;
  claims: ConcurrencyClaim[] | null;
  queuedSince: Date;
  retryCount: number;
}

/** Every queued and running task of the tenant, optionally of some task names. */
export async function listLiveTasks(
  db: Queryable,
  tenantId: string,
  taskNames: readonly string[] | undefined,
): Promise<LiveTaskRow[]> {
  const p = new SqlParams();
  p.add(tenantId);
  const named = taskNames?.length ? `AND t.readable_id = ANY(${p.add(taskNames)}::text[])` : '';
  const { rows } = await db.query<LiveTaskRow>(
    `SELECT t.readable_id AS "readableId", t.action_id AS "actionId", live.running,
            t.concurrency AS claims, live.since AS "queuedSince", t.retry_count AS "retryCount"
       FROM (
         SELECT task_id, false AS running, ready_at AS since FROM task_queue WHERE tenant_id = $1
         UNION ALL
         SELECT task_id, true, assigned_at FROM task_runtimes WHERE tenant_id = $1
       ) live
       JOIN tasks t ON t.id = live.task_id
      WHERE t.tenant_id = $1 ${named}`,
    p.values,
  );
  return rows;
}
