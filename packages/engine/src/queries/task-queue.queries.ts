import type { Queryable } from '@trellis/db';
import { inScopeSql, scopeParam, type TenantScope } from '../tenant-scope';
import type { TaskBatch } from '../batches';
import type { ConcurrencyClaim } from '../concurrency';
import type { Placement } from '../placement';
import type { RateLimitClaim } from '../rate-limits';
import type { Write } from './combined-writes';

export interface QueueItemRow {
  taskId: string;
  tenantId: string;
  actionId: string;
  retryCount: number;
  priority: number;
  slotType: string;
  slotUnits: number;
  readyAt: Date;
  scheduleTimeoutAt: Date;
}

export function queueItemsInsert(items: readonly QueueItemRow[]): Write {
  return {
    text: (first) =>
      `INSERT INTO task_queue
       (task_id, tenant_id, action_id, retry_count, priority, slot_type, slot_units, ready_at,
        schedule_timeout_at)
     SELECT q."taskId", q."tenantId", q."actionId", q."retryCount", q.priority, q."slotType",
            q."slotUnits", q."readyAt", q."scheduleTimeoutAt"
       FROM jsonb_to_recordset($${first}::jsonb) AS q(
         "taskId" bigint, "tenantId" uuid, "actionId" text, "retryCount" int, priority int,
         "slotType" text, "slotUnits" int, "readyAt" timestamptz, "scheduleTimeoutAt" timestamptz)`,
    params: [JSON.stringify(items)],
  };
}

/** Removes the given attempts from the queue; returns the ones that were still there. */
export async function deleteQueueItems(
  db: Queryable,
  items: readonly { taskId: string; retryCount: number }[],
): Promise<string[]> {
  const { rows } = await db.query<{ taskId: string }>(
    `DELETE FROM task_queue q
      USING jsonb_to_recordset($1::jsonb) AS x("taskId" bigint, "retryCount" int)
      WHERE q.task_id = x."taskId" AND q.retry_count = x."retryCount"
        AND q.task_id = ANY($2::bigint[])
     RETURNING q.task_id AS "taskId"`,
    [JSON.stringify(items), items.map((i) => i.taskId)],
  );
  return rows.map((r) => r.taskId);
}

export async function deleteQueueItemsOfTasks(
  db: Queryable,
  taskIds: readonly string[],
): Promise<string[]> {
  const { rows } = await db.query<{ taskId: string }>(
    `DELETE FROM task_queue WHERE task_id = ANY($1::bigint[]) RETURNING task_id AS "taskId"`,
    [taskIds],
  );
  return rows.map((r) => r.taskId);
}

export type RecoveredQueueItem = QueueItemRow & {
  externalId: string;
  runId: string;
  claims: ConcurrencyClaim[] | null;
  rateLimitClaims: RateLimitClaim[] | null;
  placement: Placement | null;
  batch: TaskBatch | null;
  /** Whether the task's run has started: it then holds its WORKFLOW-scope concurrency keys. */
  runStarted: boolean;
  isDurable: boolean;
};

/**
 * The whole queue with the tasks' external ids and concurrency claims, read once at start-up,
 * in the order the tasks arrived (their strategies decide again in that order).
 */
export async function listQueueItems(
  db: Queryable,
  scope: TenantScope,
): Promise<RecoveredQueueItem[]> {
  const { rows } = await db.query<RecoveredQueueItem>(
    `SELECT q.task_id AS "taskId", q.tenant_id AS "tenantId", q.action_id AS "actionId",
            q.retry_count AS "retryCount", q.priority, q.slot_type AS "slotType",
            q.slot_units AS "slotUnits", q.ready_at AS "readyAt",
            q.schedule_timeout_at AS "scheduleTimeoutAt", t.external_id AS "externalId",
            t.run_id AS "runId", t.concurrency AS claims, t.rate_limits AS "rateLimitClaims", t.placement, t.batch,
            (SELECT s.is_durable FROM workflow_steps s WHERE s.id = t.step_id) AS "isDurable",
            (t.concurrency IS NOT NULL AND EXISTS (
              SELECT 1 FROM workflow_runs r WHERE r.id = t.run_id AND r.status = 'RUNNING'
            )) AS "runStarted"
       FROM task_queue q JOIN tasks t ON t.id = q.task_id
      -- Through the primary key: a hash join would read every task ever run.
      WHERE t.id = ANY(ARRAY(SELECT task_id FROM task_queue
                              WHERE ${inScopeSql('tenant_id', '$1')}))
      ORDER BY q.task_id`,
    [scopeParam(scope)],
  );
  return rows;
}

/**
 * Restarts the schedule window of the queued tasks of some actions (after their workflow was
 * unpaused: time spent paused does not count against the schedule timeout).
 */
export async function restartScheduleWindows(
  db: Queryable,
  tenantId: string,
  actionIds: readonly string[],
): Promise<void> {
  await db.query(
    `UPDATE task_queue SET schedule_timeout_at = GREATEST(ready_at, now()) + (schedule_timeout_at - ready_at)
     WHERE tenant_id = $1 AND action_id = ANY($2::text[])`,
    [tenantId, actionIds],
  );
}
