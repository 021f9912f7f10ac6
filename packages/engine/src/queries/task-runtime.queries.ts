import type { Queryable } from '@trellis/db';
import { inScopeSql, scopeParam, type TenantScope } from '../tenant-scope';
import type { ConcurrencyClaim } from '../concurrency';
import type { Write } from './combined-writes';

export interface RuntimeRow {
  taskId: string;
  tenantId: string;
  retryCount: number;
  workerId: string;
  slotType: string;
  slotUnits: number;
  assignedAt: Date;
  startedAt: Date | null;
  timeoutAt: Date;
}

export type NewRuntimeRow = Omit<RuntimeRow, 'startedAt'>;

/** Records attempts running on their workers (assigned, not yet started). */
export function runtimesInsert(runtimes: readonly NewRuntimeRow[]): Write {
  return {
    text: (first) =>
      `INSERT INTO task_runtimes
         (task_id, tenant_id, retry_count, worker_id, slot_type, slot_units, assigned_at,
          timeout_at)
       SELECT r."taskId", r."tenantId", r."retryCount", r."workerId", r."slotType",
              r."slotUnits", r."assignedAt", r."timeoutAt"
         FROM jsonb_to_recordset($${first}::jsonb) AS r(
           "taskId" bigint, "tenantId" uuid, "retryCount" int, "workerId" uuid, "slotType" text,
           "slotUnits" int, "assignedAt" timestamptz, "timeoutAt" timestamptz)`,
    params: [JSON.stringify(runtimes)],
  };
}

/**
 * Ends the given attempts; returns the ones that were live. This is what makes results
 * idempotent: a second COMPLETED for the same (task, retry_count) finds no row.
 */
export async function deleteRuntimes(
  db: Queryable,
  attempts: readonly { taskId: string; retryCount: number }[],
): Promise<{ taskId: string; retryCount: number; workerId: string }[]> {
  const { rows } = await db.query<{ taskId: string; retryCount: number; workerId: string }>(
    `DELETE FROM task_runtimes r
      USING jsonb_to_recordset($1::jsonb) AS x("taskId" bigint, "retryCount" int)
      WHERE r.task_id = x."taskId" AND r.retry_count = x."retryCount"
        AND r.task_id = ANY($2::bigint[])
     RETURNING r.task_id AS "taskId", r.retry_count AS "retryCount", r.worker_id AS "workerId"`,
    [JSON.stringify(attempts), attempts.map((a) => a.taskId)],
  );
  return rows;
}

export async function deleteRuntimesOfTasks(
  db: Queryable,
  taskIds: readonly string[],
): Promise<{ taskId: string; retryCount: number; workerId: string; started: boolean }[]> {
  const { rows } = await db.query<{
    taskId: string;
    retryCount: number;
    workerId: string;
    started: boolean;
  }>(
    `DELETE FROM task_runtimes WHERE task_id = ANY($1::bigint[])
     RETURNING task_id AS "taskId", retry_count AS "retryCount", worker_id AS "workerId",
               started_at IS NOT NULL AS started`,
    [taskIds],
  );
  return rows;
}

export async function updateRuntimeTimeout(
  db: Queryable,
  tenantId: string,
  taskId: string,
  retryCount: number,
  timeoutAt: Date,
): Promise<void> {
  await db.query(
    `UPDATE task_runtimes SET timeout_at = $4 WHERE tenant_id = $1 AND task_id = $2 AND retry_count = $3`,
    [tenantId, taskId, retryCount, timeoutAt],
  );
}

/** ReleaseSlot: the attempt keeps running but no longer occupies its worker's slot. */
export async function releaseRuntimeSlot(
  db: Queryable,
  tenantId: string,
  taskId: string,
  retryCount: number,
): Promise<void> {
  await db.query(
    `UPDATE task_runtimes SET slot_units = 0 WHERE tenant_id = $1 AND task_id = $2 AND retry_count = $3`,
    [tenantId, taskId, retryCount],
  );
}

/** The whole running set with the tasks' external and run ids, read once at start-up. */
export type RecoveredRuntime = RuntimeRow & {
  externalId: string;
  runId: string;
  actionId: string;
  priority: number;
  claims: ConcurrencyClaim[] | null;
  /** A batch member's batch and key. */
  batchId: string | null;
  batchKey: string | null;
  isDurable: boolean;
};

export async function listRuntimes(db: Queryable, scope: TenantScope): Promise<RecoveredRuntime[]> {
  const { rows } = await db.query<RecoveredRuntime>(
    `SELECT r.task_id AS "taskId", r.tenant_id AS "tenantId", r.retry_count AS "retryCount",
            r.worker_id AS "workerId", r.slot_type AS "slotType", r.slot_units AS "slotUnits",
            r.assigned_at AS "assignedAt", r.started_at AS "startedAt", r.timeout_at AS "timeoutAt",
            t.external_id AS "externalId", t.run_id AS "runId",
            t.action_id AS "actionId", t.priority, t.concurrency AS claims,
            r.batch_id AS "batchId", t.batch->>'key' AS "batchKey",
            (SELECT s.is_durable FROM workflow_steps s WHERE s.id = t.step_id) AS "isDurable"
       FROM task_runtimes r JOIN tasks t ON t.id = r.task_id
      -- Through the primary key: a hash join would read every task ever run.
      WHERE t.id = ANY(ARRAY(SELECT task_id FROM task_runtimes
                              WHERE ${inScopeSql('tenant_id', '$1')}))`,
    [scopeParam(scope)],
  );
  return rows;
}
