import { taskIdRangeOfRuns, type Queryable } from '@trellis/db';

/** One try of a task, from its task events. */
export interface AttemptTrace {
  retryCount: number;
  queuedAt: Date | null;
  assignedAt: Date | null;
  startedAt: Date | null;
  endedAt: Date | null;
  /** FINISHED, FAILED, CANCELLED or TIMED_OUT; null while it had not ended. */
  outcome: string | null;
  message: string | null;
  workerId: string | null;
}

export interface TaskTrace {
  externalId: string;
  readableId: string;
  actionId: string;
  status: string;
  retryCount: number;
  createdAt: Date;
  finishedAt: Date | null;
  attempts: AttemptTrace[];
}

/** A finished run with its tasks and their attempts: what its trace is made of. */
export interface RunTrace {
  tenantId: string;
  runId: string;
  workflowName: string;
  status: string;
  createdAt: Date;
  finishedAt: Date;
  tasks: TaskTrace[];
}

interface Row {
  runId: string;
  workflowName: string;
  status: string;
  createdAt: Date;
  finishedAt: Date;
  taskId: string | null;
  externalId: string | null;
  readableId: string | null;
  actionId: string | null;
  taskStatus: string | null;
  retryCount: number | null;
  taskCreatedAt: Date | null;
  taskFinishedAt: Date | null;
  events: { r: number; t: string; at: string; w: string | null; m: string }[] | null;
}

/** The tenant's finished runs among `runIds`, with their tasks and each task's events in order. */
export async function readRunTraces(
  db: Queryable,
  tenantId: string,
  runIds: readonly string[],
): Promise<RunTrace[]> {
  const { rows } = await db.query<Row>(
    `SELECT r.id AS "runId", w.name AS "workflowName", r.status, r.created_at AS "createdAt",
            r.finished_at AS "finishedAt", t.id AS "taskId", t.external_id AS "externalId",
            t.readable_id AS "readableId", t.action_id AS "actionId", t.status AS "taskStatus",
            t.retry_count AS "retryCount", t.created_at AS "taskCreatedAt",
            t.finished_at AS "taskFinishedAt",
            (SELECT json_agg(json_build_object('r', e.retry_count, 't', e.event_type,
                                               'at', e.created_at, 'w', e.worker_id,
                                               'm', e.message) ORDER BY e.id)
               FROM task_events e WHERE e.tenant_id = r.tenant_id AND e.task_id = t.id) AS events
       FROM workflow_runs r
       JOIN workflows w ON w.id = r.workflow_id
       LEFT JOIN tasks t ON t.run_id = r.id AND t.tenant_id = r.tenant_id
                        AND t.id >= $3 AND t.id < $4
      WHERE r.tenant_id = $1 AND r.id = ANY($2::uuid[]) AND r.finished_at IS NOT NULL
      ORDER BY r.id, t.id`,
    [tenantId, runIds, ...taskIdRangeOfRuns(runIds)],
  );
  const runs = new Map<string, RunTrace>();
  for (const row of rows) {
    let run = runs.get(row.runId);
    if (!run) {
      run = {
        tenantId,
        runId: row.runId,
        workflowName: row.workflowName,
        status: row.status,
        createdAt: row.createdAt,
        finishedAt: row.finishedAt,
        tasks: [],
      };
      runs.set(row.runId, run);
    }
    if (row.taskId === null) continue;
    run.tasks.push({
      externalId: row.externalId!,
      readableId: row.readableId!,
      actionId: row.actionId!,
      status: row.taskStatus!,
      retryCount: row.retryCount!,
      createdAt: row.taskCreatedAt!,
      finishedAt: row.taskFinishedAt,
      attempts: attemptsOf(row.events ?? []),
    });
  }
  return [...runs.values()];
}

const ENDINGS = new Set(['FINISHED', 'FAILED', 'CANCELLED', 'TIMED_OUT']);

/** Folds a task's events, in order, into its attempts by retry count. */
function attemptsOf(events: NonNullable<Row['events']>): AttemptTrace[] {
  const attempts = new Map<number, AttemptTrace>();
  for (const event of events) {
    let attempt = attempts.get(event.r);
    if (!attempt) {
      attempt = {
        retryCount: event.r,
        queuedAt: null,
        assignedAt: null,
        startedAt: null,
        endedAt: null,
        outcome: null,
        message: null,
        workerId: null,
      };
      attempts.set(event.r, attempt);
    }
    const at = new Date(event.at);
    if (event.t === 'QUEUED') attempt.queuedAt ??= at;
    else if (event.t === 'ASSIGNED') {
      attempt.assignedAt = at;
      attempt.workerId = event.w;
    } else if (event.t === 'STARTED') attempt.startedAt ??= at;
    else if (ENDINGS.has(event.t) && attempt.outcome === null) {
      attempt.endedAt = at;
      attempt.outcome = event.t;
      attempt.message = event.m || null;
    }
  }
  return [...attempts.values()];
}
