import type { Queryable } from '@trellis/db';

/**
 * Workers reported these attempts STARTED. In one statement: the runtime records its first
 * start (a repeated STARTED finds started_at set and changes nothing), the task becomes RUNNING
 * on that worker, and its run becomes RUNNING if it was still QUEUED. Returns the attempts that
 * started now, with their workers.
 *
 * Rows are found through `= ANY(array)` on primary keys so that the plan is an index lookup
 * whatever the planner believes about the JSON record set's size.
 */
export async function startAttempts(
  db: Queryable,
  attempts: readonly { taskId: string; retryCount: number; startedAt: Date }[],
): Promise<{ taskId: string; workerId: string }[]> {
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
          AND t.id = ANY($2::bigint[])
       RETURNING t.run_id
     ), run AS (
       UPDATE workflow_runs SET status = 'RUNNING', started_at = COALESCE(started_at, now())
        WHERE id = ANY(ARRAY(SELECT run_id FROM task)) AND status = 'QUEUED'
     )
     SELECT task_id AS "taskId", worker_id AS "workerId" FROM runtime`,
    [JSON.stringify(attempts), attempts.map((a) => a.taskId)],
  );
  return rows;
}
