import { runIdSpanOfTasks, taskIdSpan, type Queryable } from '@trellis/db';

/**
 * Workers reported these attempts STARTED, at the worker's time. In one statement: the runtime
 * records its first start (a repeated STARTED finds started_at set and changes nothing), the
 * task becomes RUNNING on that worker, and its run becomes RUNNING, started when its first
 * task did, if it was still QUEUED. Returns the attempts that started now, with their workers.
 *
 * The JSON record set is joined to its first table through `= ANY(array)` on the primary key
 * too, so that the plan is an index lookup whatever the planner believes about the record
 * set's size (it guesses 100 rows). Later steps join the rows a CTE returned on the key alone:
 * the planner expects few of them and probes the key once per row, whereas adding `= ANY`
 * there would repeat the whole array's lookups for every row. Those joins carry `BETWEEN` the
 * span of the task ids (and of their runs' ids) instead, so that they read only the days the
 * tasks lie in: a join alone probes every day's partition (day-ids.ts).
 */
export async function startAttempts(
  db: Queryable,
  attempts: readonly { taskId: string; retryCount: number; startedAt: Date }[],
): Promise<{ taskId: string; workerId: string }[]> {
  const taskIds = attempts.map((a) => a.taskId);
  const { rows } = await db.query<{ taskId: string; workerId: string }>(
    `WITH x AS (
       SELECT * FROM jsonb_to_recordset($1::jsonb)
         AS x("taskId" bigint, "retryCount" int, "startedAt" timestamptz)
     ), runtime AS (
       UPDATE task_runtimes r SET started_at = x."startedAt"
         FROM x
        WHERE r.task_id = x."taskId" AND r.retry_count = x."retryCount" AND r.started_at IS NULL
          AND r.task_id = ANY($2::bigint[])
       RETURNING r.task_id, r.worker_id, r.started_at
     ), task AS (
       UPDATE tasks t SET status = 'RUNNING', started_at = runtime.started_at,
                          worker_id = runtime.worker_id
         FROM runtime
        WHERE t.id = runtime.task_id AND t.status IN ('QUEUED', 'ASSIGNED')
          AND t.id BETWEEN $3 AND $4
       RETURNING t.run_id, t.started_at
     ), run AS (
       UPDATE workflow_runs r SET status = 'RUNNING', started_at = COALESCE(r.started_at, s.at)
         FROM (SELECT run_id, min(started_at) AS at FROM task GROUP BY run_id) s
        WHERE r.id = s.run_id AND r.id = ANY(ARRAY(SELECT run_id FROM task))
          AND r.status = 'QUEUED' AND r.id BETWEEN $5 AND $6
     )
     SELECT task_id AS "taskId", worker_id AS "workerId" FROM runtime`,
    [JSON.stringify(attempts), taskIds, ...taskIdSpan(taskIds), ...runIdSpanOfTasks(taskIds)],
  );
  return rows;
}

/** Everything an AssignedAction carries, for tasks being assigned. */
export interface DispatchRow {
  id: string;
  externalId: string;
  tenantId: string;
  runId: string;
  readableId: string;
  actionId: string;
  retryCount: number;
  priority: number;
  createdAt: Date;
  workflowId: string;
  workflowVersionId: string;
  workflowName: string;
  stepId: string;
  input: unknown;
  additionalMetadata: Record<string, unknown>;
  childIndex: number | null;
  childKey: string | null;
  parentTaskExternalId: string | null;
  parents: string[];
  isOnFailure: boolean;
  /** A durable task: its action carries the invocation count. */
  isDurable: boolean;
  timeoutSeconds: number;
  triggeringEventId: string | null;
  triggeringEventKey: string | null;
  filterPayload: Record<string, unknown> | null;
}

/**
 * Assigns queued attempts to workers, in one statement: takes their queue rows (only those still
 * queued: a cancel may have won), records them running on their workers (task_runtimes, timing
 * out after the step's execution timeout) with an ASSIGNED event, and returns what their
 * actions carry. tasks.status stays QUEUED until the worker reports the start.
 */
export async function assignAttempts(
  db: Queryable,
  attempts: readonly {
    taskId: string;
    retryCount: number;
    workerId: string;
    slotType: string;
    slotUnits: number;
    /** A batch member's batch, and what its ASSIGNED event says of it. */
    batchId?: string | undefined;
    message?: string | undefined;
  }[],
  assignedAt: Date,
): Promise<DispatchRow[]> {
  const taskIds = attempts.map((a) => a.taskId);
  const { rows } = await db.query<DispatchRow>(
    `WITH x AS (
       SELECT * FROM jsonb_to_recordset($1::jsonb)
         AS x("taskId" bigint, "retryCount" int, "workerId" uuid, "slotType" text, "slotUnits" int,
               "batchId" uuid, message text)
     ), taken AS (
       DELETE FROM task_queue q USING x
        WHERE q.task_id = x."taskId" AND q.retry_count = x."retryCount"
          AND q.task_id = ANY($2::bigint[])
       RETURNING q.task_id, q.tenant_id, q.retry_count, x."workerId" AS worker_id,
                 x."slotType" AS slot_type, x."slotUnits" AS slot_units, x."batchId" AS batch_id,
                 x.message
     ), runtime AS (
       INSERT INTO task_runtimes
         (task_id, tenant_id, retry_count, worker_id, slot_type, slot_units, assigned_at,
          timeout_at, batch_id)
       SELECT taken.task_id, taken.tenant_id, taken.retry_count, taken.worker_id, taken.slot_type,
              taken.slot_units, $3, $3::timestamptz + s.timeout_seconds * interval '1 second',
              taken.batch_id
         FROM taken
         JOIN tasks t ON t.id = taken.task_id AND t.id BETWEEN $4 AND $5
         JOIN workflow_steps s ON s.id = t.step_id
     ), event AS (
       INSERT INTO task_events
         (tenant_id, task_id, retry_count, event_type, worker_id, message, created_at)
       SELECT tenant_id, task_id, retry_count, 'ASSIGNED', worker_id, COALESCE(message, ''), $3
         FROM taken
     )
     SELECT t.id, t.external_id AS "externalId", t.tenant_id AS "tenantId", t.run_id AS "runId",
            t.readable_id AS "readableId", t.action_id AS "actionId",
            taken.retry_count AS "retryCount", t.priority, t.created_at AS "createdAt",
            r.workflow_id AS "workflowId", r.workflow_version_id AS "workflowVersionId",
            w.name AS "workflowName", t.step_id AS "stepId", r.input,
            r.additional_metadata AS "additionalMetadata", r.child_index AS "childIndex",
            r.child_key AS "childKey", r.parent_task_external_id AS "parentTaskExternalId",
            s.parents, s.is_on_failure AS "isOnFailure", s.is_durable AS "isDurable",
            s.timeout_seconds AS "timeoutSeconds",
            r.triggering_event_id AS "triggeringEventId", e.key AS "triggeringEventKey",
            r.filter_payload AS "filterPayload"
       FROM taken
       JOIN tasks t ON t.id = taken.task_id AND t.id BETWEEN $4 AND $5
       JOIN workflow_runs r ON r.id = t.run_id AND r.tenant_id = t.tenant_id
                           AND r.id BETWEEN $6 AND $7
       JOIN workflows w ON w.id = r.workflow_id
       JOIN workflow_steps s ON s.id = t.step_id
       LEFT JOIN events e ON e.id = r.triggering_event_id AND e.tenant_id = r.tenant_id
             -- Stored in the tick that made the run: the day's partition, not every one kept.
             AND e.created_at BETWEEN r.created_at - interval '1 day'
                                  AND r.created_at + interval '1 day'`,
    [
      JSON.stringify(attempts),
      taskIds,
      assignedAt,
      ...taskIdSpan(taskIds),
      ...runIdSpanOfTasks(taskIds),
    ],
  );
  return rows;
}

/**
 * Workers reported these attempts' results. In one statement: ends each attempt still running
 * (deletes its runtime: a second result for the same attempt finds none, which is what makes
 * results idempotent) and marks the completed ones COMPLETED with their output. Returns the
 * attempts that were live, with the run of each completed one.
 *
 * A completed attempt whose STARTED arrived in the same batch carries `startedAt`: its task
 * goes from QUEUED to COMPLETED in one row version instead of two (a no-op task's start and
 * result usually land in one tick). `firstStart` says whether that start is the attempt's first,
 * so the caller records STARTED once. A completed attempt also returns what its run's result
 * needs of the task, so that the run of a standalone task finishes without reading it again.
 * `finishedAt` is the worker's time of the result.
 */
/** An attempt that was live when its result arrived. */
export interface EndedAttemptRow {
  taskId: string;
  retryCount: number;
  workerId: string;
  runId: string | null;
  firstStart: boolean;
  /** Of a completed attempt: its task, for the run's result. */
  stepId: string | null;
  externalId: string | null;
  readableId: string | null;
  output: unknown;
  /** Of a completed attempt: when it started and finished. */
  startedAt: Date | null;
  finishedAt: Date | null;
}

export async function endAttempts(
  db: Queryable,
  results: readonly {
    taskId: string;
    retryCount: number;
    completed: boolean;
    output: unknown;
    startedAt?: Date | undefined;
    finishedAt: Date;
  }[],
): Promise<EndedAttemptRow[]> {
  const { rows } = await db.query<EndedAttemptRow>(
    `WITH x AS (
       SELECT * FROM jsonb_to_recordset($1::jsonb)
         AS x("taskId" bigint, "retryCount" int, completed bool, output jsonb,
              "startedAt" timestamptz, "finishedAt" timestamptz)
     ), ended AS (
       DELETE FROM task_runtimes r USING x
        WHERE r.task_id = x."taskId" AND r.retry_count = x."retryCount"
          AND r.task_id = ANY($2::bigint[])
       RETURNING r.task_id, r.retry_count, r.worker_id, x.completed, x.output,
                 r.started_at IS NULL AND x."startedAt" IS NOT NULL AS first_start,
                 COALESCE(r.started_at, x."startedAt") AS started_at, x."finishedAt" AS finished_at
     ), completed AS (
       UPDATE tasks t SET status = 'COMPLETED', output = ended.output, error = NULL,
                          finished_at = ended.finished_at,
                          started_at = COALESCE(t.started_at, ended.started_at),
                          worker_id = ended.worker_id
         FROM ended
        WHERE t.id = ended.task_id AND ended.completed
       RETURNING t.id, t.run_id, t.step_id, t.external_id, t.readable_id, t.output, t.started_at,
                 t.finished_at
     )
     SELECT ended.task_id AS "taskId", ended.retry_count AS "retryCount",
            ended.worker_id AS "workerId", completed.run_id AS "runId",
            ended.first_start AS "firstStart", completed.step_id AS "stepId",
            completed.external_id AS "externalId", completed.readable_id AS "readableId",
            completed.output, completed.started_at AS "startedAt",
            completed.finished_at AS "finishedAt"
       FROM ended LEFT JOIN completed ON completed.id = ended.task_id`,
    [JSON.stringify(results), results.map((r) => r.taskId)],
  );
  return rows;
}
