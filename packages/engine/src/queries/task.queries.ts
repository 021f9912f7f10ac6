import { taskIdRangeOfExternalId, taskIdRangeOfRuns, type Queryable } from '@trellis/db';
import type { ConcurrencyClaim } from '../concurrency';
import type { TaskBatch } from '../batches';
import type { Placement, StickyStrategy } from '../placement';
import type { RateLimitClaim } from '../rate-limits';
import { SKIPPED_OUTPUT, type TaskCondition } from '../task-conditions';
import type { Write } from './combined-writes';
import type { TaskStatus } from '../task-lifecycle';

export interface NewTaskRow {
  externalId: string;
  tenantId: string;
  runId: string;
  stepId: string;
  readableId: string;
  actionId: string;
  status: 'PENDING' | 'QUEUED';
  retryCount: number;
  priority: number;
  /** Its concurrency claims, when its workflow or step declares limits. */
  claims?: ConcurrencyClaim[] | undefined;
  /** What it spends of rate limits. */
  rateLimitClaims?: RateLimitClaim[] | undefined;
  /** Where it should run (placement.ts). */
  placement?: Placement | undefined;
  /** The batch it starts in (batches.ts). */
  batch?: TaskBatch | undefined;
}

/** A task with what the scheduler, the DAG rules and the run results need. */
export interface RunTaskRow {
  id: string;
  externalId: string;
  tenantId: string;
  runId: string;
  workflowVersionId: string;
  readableId: string;
  actionId: string;
  status: TaskStatus;
  retryCount: number;
  priority: number;
  output: unknown;
  error: string | null;
  parents: string[];
  isOnFailure: boolean;
  slotType: string;
  slotUnits: number;
  scheduleTimeoutSeconds: number;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  claims: ConcurrencyClaim[] | null;
  rateLimitClaims: RateLimitClaim[] | null;
  placement: Placement | null;
  /** The worker that ran it (its last attempt). */
  workerId: string | null;
  /** Its workflow's sticky strategy: a DAG task follows its parent's worker. */
  sticky: StickyStrategy | null;
  batch: TaskBatch | null;
  /** Skipped (it is COMPLETED, its output {skipped: true}). */
  skipped: boolean;
  /** Its step's conditions (task-conditions.ts). */
  conditions: TaskCondition[] | null;
  isDurable: boolean;
}

/** Draws numbers from the task_ids sequence, which make task ids with their run's day (taskIdOf). */
export async function reserveTaskIds(db: Queryable, count: number): Promise<string[]> {
  if (count === 0) return [];
  const { rows } = await db.query<{ id: string }>(
    `SELECT nextval('task_ids')::text AS id FROM generate_series(1, $1)`,
    [count],
  );
  return rows.map((row) => row.id);
}

/** Inserts tasks with ids drawn by reserveTaskIds. */
export function tasksInsert(
  tasks: readonly (NewTaskRow & { id: string; createdAt: Date })[],
): Write {
  return {
    text: (first) =>
      `INSERT INTO tasks
         (id, external_id, tenant_id, run_id, step_id, readable_id, action_id, status,
          retry_count, priority, created_at, concurrency, rate_limits, placement, batch)
       SELECT t.id, t."externalId", t."tenantId", t."runId", t."stepId", t."readableId",
              t."actionId", t.status, t."retryCount", t.priority, t."createdAt", t.claims, t."rateLimitClaims", t.placement, t.batch
         FROM jsonb_to_recordset($${first}::jsonb) AS t(
           id bigint, "externalId" uuid, "tenantId" uuid, "runId" uuid, "stepId" uuid,
           "readableId" text, "actionId" text, status text, "retryCount" int, priority int,
           "createdAt" timestamptz, claims jsonb, "rateLimitClaims" jsonb,
           placement jsonb, batch jsonb)`,
    params: [JSON.stringify(tasks)],
  };
}

const RUN_TASK_COLUMNS = `t.id, t.external_id AS "externalId", t.tenant_id AS "tenantId",
  t.run_id AS "runId", s.workflow_version_id AS "workflowVersionId", t.readable_id AS "readableId",
  t.action_id AS "actionId", t.status, t.retry_count AS "retryCount", t.priority, t.output, t.error,
  s.parents, s.is_on_failure AS "isOnFailure", s.slot_type AS "slotType",
  s.slot_units AS "slotUnits", s.schedule_timeout_seconds AS "scheduleTimeoutSeconds",
  t.created_at AS "createdAt", t.started_at AS "startedAt", t.finished_at AS "finishedAt",
  t.concurrency AS claims, t.rate_limits AS "rateLimitClaims", t.placement,
  t.worker_id AS "workerId", s.sticky, t.batch, t.skipped, s.conditions,
  s.is_durable AS "isDurable"`;

/** Every task of these runs, in creation order. */
export async function listRunTasks(
  db: Queryable,
  runs: readonly { tenantId: string; runId: string }[],
): Promise<RunTaskRow[]> {
  const { rows } = await db.query<RunTaskRow>(
    `SELECT ${RUN_TASK_COLUMNS}
       FROM jsonb_to_recordset($1::jsonb) AS x("tenantId" uuid, "runId" uuid)
       JOIN tasks t ON t.run_id = x."runId" AND t.tenant_id = x."tenantId"
       JOIN workflow_steps s ON s.id = t.step_id
      WHERE t.run_id = ANY($2::uuid[]) AND t.id >= $3 AND t.id < $4
      ORDER BY t.id`,
    [
      JSON.stringify(runs),
      runs.map((r) => r.runId),
      ...taskIdRangeOfRuns(runs.map((r) => r.runId)),
    ],
  );
  return rows;
}

/** Tasks named by their external id or by their run's id. */
export async function findTasksByTaskOrRunIds(
  db: Queryable,
  tenantId: string,
  ids: readonly string[],
): Promise<RunTaskRow[]> {
  const { rows } = await db.query<RunTaskRow>(
    `SELECT ${RUN_TASK_COLUMNS}
       FROM tasks t JOIN workflow_steps s ON s.id = t.step_id
      WHERE t.tenant_id = $1 AND (t.external_id = ANY($2::uuid[]) OR t.run_id = ANY($2::uuid[]))
        AND t.id >= $3 AND t.id < $4
      ORDER BY t.id`,
    [tenantId, ids, ...taskIdRangeOfRuns(ids)],
  );
  return rows;
}

export async function findTaskStatuses(
  db: Queryable,
  taskIds: readonly string[],
): Promise<{ id: string; status: TaskStatus }[]> {
  const { rows } = await db.query<{ id: string; status: TaskStatus }>(
    `SELECT id, status FROM tasks WHERE id = ANY($1::bigint[])`,
    [taskIds],
  );
  return rows;
}

export async function findTaskByExternalId(
  db: Queryable,
  tenantId: string,
  externalId: string,
): Promise<{ id: string; runId: string; retryCount: number; status: TaskStatus } | undefined> {
  const { rows } = await db.query<{
    id: string;
    runId: string;
    retryCount: number;
    status: TaskStatus;
  }>(
    `SELECT id, run_id AS "runId", retry_count AS "retryCount", status
       FROM tasks WHERE tenant_id = $1 AND external_id = $2 AND id >= $3 AND id < $4`,
    [tenantId, externalId, ...taskIdRangeOfExternalId(externalId)],
  );
  return rows[0];
}

/** Outputs and errors of the finished tasks of these runs (parents' outputs, on-failure errors). */
export async function listFinishedTaskResults(
  db: Queryable,
  runIds: readonly string[],
): Promise<
  { runId: string; readableId: string; status: TaskStatus; output: unknown; error: string | null }[]
> {
  const { rows } = await db.query<{
    runId: string;
    readableId: string;
    status: TaskStatus;
    output: unknown;
    error: string | null;
  }>(
    `SELECT run_id AS "runId", readable_id AS "readableId", status, output, error
       FROM tasks
      WHERE run_id = ANY($1::uuid[]) AND status IN ('COMPLETED', 'FAILED')
        AND id >= $2 AND id < $3`,
    [runIds, ...taskIdRangeOfRuns(runIds)],
  );
  return rows;
}

/**
 * Final failures, from a worker, a timeout without retries left or a scheduling timeout,
 * finished when the failure happened.
 */
export async function failTasks(
  db: Queryable,
  tasks: readonly { taskId: string; error: string; finishedAt: Date }[],
): Promise<void> {
  await db.query(
    `UPDATE tasks t SET status = 'FAILED', error = x.error, finished_at = x."finishedAt"
       FROM jsonb_to_recordset($1::jsonb) AS x("taskId" bigint, error text, "finishedAt" timestamptz)
      WHERE t.id = x."taskId" AND t.id = ANY($2::bigint[])`,
    [JSON.stringify(tasks), tasks.map((t) => t.taskId)],
  );
}

/**
 * Starts a new attempt: retry_count + 1, back to QUEUED (a retry, a reassignment), without the
 * last attempt's start and finish times (the task's times are its current attempt's).
 */
export async function requeueTasks(
  db: Queryable,
  tasks: readonly { taskId: string; error: string | null; spendsRetry: boolean }[],
): Promise<{ id: string; retryCount: number }[]> {
  const { rows } = await db.query<{ id: string; retryCount: number }>(
    `UPDATE tasks t SET status = 'QUEUED', retry_count = t.retry_count + 1,
            app_retry_count = t.app_retry_count + CASE WHEN x."spendsRetry" THEN 1 ELSE 0 END,
            error = COALESCE(x.error, t.error), worker_id = NULL, started_at = NULL,
            finished_at = NULL
       FROM jsonb_to_recordset($1::jsonb) AS x("taskId" bigint, error text, "spendsRetry" bool)
      WHERE t.id = x."taskId" AND t.id = ANY($2::bigint[])
     RETURNING t.id, t.retry_count AS "retryCount"`,
    [JSON.stringify(tasks), tasks.map((t) => t.taskId)],
  );
  return rows;
}

/**
 * Durable tasks evicted by their workers: they wait with no attempt running them. Written at
 * once (not with the tick's last statement), so that a restore in the same tick sees it.
 */
export async function evictTasks(db: Queryable, taskIds: readonly string[], at: Date) {
  await db.query(`UPDATE tasks SET evicted_at = $2 WHERE id = ANY($1::bigint[])`, [taskIds, at]);
}

/**
 * Evicted durable tasks queued again as their next invocation (a new attempt that is neither a
 * retry nor a reassignment). Tasks no longer evicted (restored, cancelled) are left alone.
 */
export async function restoreTasks(
  db: Queryable,
  taskIds: readonly string[],
): Promise<{ id: string; retryCount: number }[]> {
  const { rows } = await db.query<{ id: string; retryCount: number }>(
    `UPDATE tasks SET status = 'QUEUED', retry_count = retry_count + 1,
            eviction_count = eviction_count + 1, evicted_at = NULL, worker_id = NULL,
            started_at = NULL
      WHERE id = ANY($1::bigint[]) AND evicted_at IS NOT NULL AND status = 'RUNNING'
     RETURNING id, retry_count AS "retryCount"`,
    [taskIds],
  );
  return rows;
}

/** What deciding between a retry and a final failure needs. */
export interface RetryPolicyRow {
  id: string;
  externalId: string;
  runId: string;
  actionId: string;
  priority: number;
  slotType: string;
  slotUnits: number;
  scheduleTimeoutSeconds: number;
  retryCount: number;
  appRetryCount: number;
  /** Restores of an evicted durable task: new attempts that are not reassignments. */
  evictionCount: number;
  retries: number;
  backoffFactor: number | null;
  backoffMaxSeconds: number | null;
  timeoutSeconds: number;
  claims: ConcurrencyClaim[] | null;
  rateLimitClaims: RateLimitClaim[] | null;
  placement: Placement | null;
  batch: TaskBatch | null;
  isDurable: boolean;
}

export async function findRetryPolicies(
  db: Queryable,
  taskIds: readonly string[],
): Promise<RetryPolicyRow[]> {
  const { rows } = await db.query<RetryPolicyRow>(
    `SELECT t.id, t.external_id AS "externalId", t.run_id AS "runId", t.action_id AS "actionId",
            t.priority, s.slot_type AS "slotType", s.slot_units AS "slotUnits",
            s.schedule_timeout_seconds AS "scheduleTimeoutSeconds", t.retry_count AS "retryCount",
            t.app_retry_count AS "appRetryCount", t.eviction_count AS "evictionCount", s.retries,
            s.backoff_factor AS "backoffFactor", s.backoff_max_seconds AS "backoffMaxSeconds",
            s.timeout_seconds AS "timeoutSeconds", t.concurrency AS claims,
            t.rate_limits AS "rateLimitClaims", t.placement, t.batch, s.is_durable AS "isDurable"
       FROM tasks t JOIN workflow_steps s ON s.id = t.step_id
      WHERE t.id = ANY($1::bigint[])`,
    [taskIds],
  );
  return rows;
}

/**
 * PENDING tasks whose parents completed, with where they should run now that their parents
 * did (a sticky DAG's task follows its parent's worker).
 */
export async function queuePendingTasks(
  db: Queryable,
  tasks: readonly { id: string; placement: Placement | null }[],
): Promise<void> {
  await db.query(
    `UPDATE tasks t SET status = 'QUEUED', placement = x.placement
       FROM jsonb_to_recordset($1::jsonb) AS x(id bigint, placement jsonb)
      WHERE t.id = x.id AND t.id = ANY($2::bigint[]) AND t.status = 'PENDING'`,
    [JSON.stringify(tasks), tasks.map((t) => t.id)],
  );
}

/** Skips waiting tasks: COMPLETED with the output {skipped: true}, as the reference leaves them. */
export async function skipTasks(
  db: Queryable,
  taskIds: readonly string[],
  finishedAt: Date,
): Promise<void> {
  await db.query(
    `UPDATE tasks SET status = 'COMPLETED', skipped = true, output = $3::jsonb, finished_at = $2
      WHERE id = ANY($1::bigint[]) AND status = 'PENDING'`,
    [taskIds, finishedAt, JSON.stringify(SKIPPED_OUTPUT)],
  );
}

/** Cancels tasks, finished at the tick's time. */
export async function cancelTasks(
  db: Queryable,
  taskIds: readonly string[],
  finishedAt: Date,
): Promise<void> {
  await db.query(
    `UPDATE tasks SET status = 'CANCELLED', finished_at = $2, worker_id = NULL
      WHERE id = ANY($1::bigint[])`,
    [taskIds, finishedAt],
  );
}

/** A replay: a new attempt from scratch, QUEUED or PENDING (waiting for replayed parents). */
export async function resetTasksForReplay(
  db: Queryable,
  tasks: readonly { taskId: string; status: 'QUEUED' | 'PENDING' }[],
): Promise<{ id: string; retryCount: number }[]> {
  const { rows } = await db.query<{ id: string; retryCount: number }>(
    `UPDATE tasks t SET status = x.status, retry_count = t.retry_count + 1, app_retry_count = 0,
            output = NULL, error = NULL, worker_id = NULL, started_at = NULL, finished_at = NULL,
            skipped = false
       FROM jsonb_to_recordset($1::jsonb) AS x("taskId" bigint, status text)
      WHERE t.id = x."taskId" AND t.id = ANY($2::bigint[])
     RETURNING t.id, t.retry_count AS "retryCount"`,
    [JSON.stringify(tasks), tasks.map((t) => t.taskId)],
  );
  return rows;
}
