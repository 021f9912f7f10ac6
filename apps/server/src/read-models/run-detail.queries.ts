import type { Queryable } from '@trellis/db';
import type { V1TaskEventType, V1TaskStatus } from '@trellis/api-contract';
import type { StepRow } from '@trellis/engine';
import { apiTaskStatusSql } from './run-filter';
import { RUN_COLUMNS, type RunListRow } from './run-list.queries';

export interface RunDetailRow extends RunListRow {
  /** The definition of the run's workflow version. */
  workflowConfig: Record<string, unknown>;
}

/** A run with its input and its version's definition, as its detail page shows it. */
export async function findRunDetail(
  db: Queryable,
  tenantId: string,
  runId: string,
): Promise<RunDetailRow | undefined> {
  const { rows } = await db.query<RunDetailRow>(
    `SELECT ${RUN_COLUMNS}, r.input, v.definition AS "workflowConfig"
     FROM workflow_runs r JOIN workflows w ON w.id = r.workflow_id
       JOIN workflow_versions v ON v.id = r.workflow_version_id
     WHERE r.tenant_id = $1 AND r.id = $2`,
    [tenantId, runId],
  );
  return rows[0];
}

/** The status of a run, the cheapest read of it (SDKs poll this). */
export async function findRunStatus(
  db: Queryable,
  tenantId: string,
  runId: string,
): Promise<V1TaskStatus | undefined> {
  const { rows } = await db.query<{ status: V1TaskStatus }>(
    'SELECT status FROM workflow_runs WHERE tenant_id = $1 AND id = $2',
    [tenantId, runId],
  );
  return rows[0]?.status;
}

export interface TaskEventRow {
  id: string;
  taskExternalId: string;
  taskDisplayName: string;
  retryCount: number;
  eventType: V1TaskEventType;
  createdAt: Date;
  workerId: string | null;
  message: string;
  data: unknown;
}

export const TASK_EVENT_COLUMNS = `e.id::text AS id, t.external_id AS "taskExternalId",
  t.readable_id AS "taskDisplayName", e.retry_count AS "retryCount", e.event_type AS "eventType",
  e.created_at AS "createdAt", e.worker_id AS "workerId", e.message, e.data`;

/** Every event of every task of a run, newest first. */
export async function listRunTaskEvents(
  db: Queryable,
  tenantId: string,
  runId: string,
): Promise<TaskEventRow[]> {
  const { rows } = await db.query<TaskEventRow>(
    `SELECT ${TASK_EVENT_COLUMNS}
     FROM tasks t JOIN task_events e ON e.tenant_id = t.tenant_id AND e.task_id = t.id
     WHERE t.tenant_id = $1 AND t.run_id = $2
     ORDER BY e.id DESC`,
    [tenantId, runId],
  );
  return rows;
}

export interface StepShapeRow extends Pick<StepRow, 'readableId' | 'parents'> {
  stepId: string;
  taskExternalId: string | null;
}

/** The steps of a run's version, with the task created for each so far. */
export async function listRunShape(
  db: Queryable,
  tenantId: string,
  runId: string,
): Promise<StepShapeRow[]> {
  const { rows } = await db.query<StepShapeRow>(
    `SELECT s.id AS "stepId", s.readable_id AS "readableId", s.parents,
       (SELECT t.external_id FROM tasks t WHERE t.run_id = r.id AND t.step_id = s.id
        ORDER BY t.id DESC LIMIT 1) AS "taskExternalId"
     FROM workflow_runs r JOIN workflow_steps s ON s.workflow_version_id = r.workflow_version_id
     WHERE r.tenant_id = $1 AND r.id = $2 AND NOT s.is_on_failure
     ORDER BY s.position`,
    [tenantId, runId],
  );
  return rows;
}

export interface TaskTimingRow {
  id: string;
  externalId: string;
  readableId: string;
  runId: string;
  status: V1TaskStatus;
  retryCount: number;
  depth: number;
  /** The task that spawned this task's run; null for the run's own tasks. */
  parentTaskExternalId: string | null;
  createdAt: Date;
  queuedAt: Date | null;
  startedAt: Date | null;
  finishedAt: Date | null;
}

/** Most tasks one waterfall shows, whatever the depth: a fan-out of child runs stops here. */
export const MAX_TIMING_ROWS = 2_000;

/**
 * The tasks of a run and of its child runs down to `depth` levels, each with the time its
 * current attempt was queued. Unordered; at most MAX_TIMING_ROWS.
 */
export async function listRunTimings(
  db: Queryable,
  tenantId: string,
  runId: string,
  depth: number,
): Promise<TaskTimingRow[]> {
  const { rows } = await db.query<TaskTimingRow>(
    `WITH RECURSIVE tree AS (
       SELECT t.id, t.external_id, t.readable_id, t.run_id, t.status, t.retry_count, t.created_at,
         t.started_at, t.finished_at, 0 AS depth, NULL::uuid AS parent_task_external_id
       FROM tasks t WHERE t.tenant_id = $1 AND t.run_id = $2
       UNION ALL
       SELECT c.id, c.external_id, c.readable_id, c.run_id, c.status, c.retry_count, c.created_at,
         c.started_at, c.finished_at, tree.depth + 1, tree.external_id
       FROM tree
         JOIN workflow_runs cr ON cr.tenant_id = $1 AND cr.parent_task_external_id = tree.external_id
         JOIN tasks c ON c.run_id = cr.id
       WHERE tree.depth < $3
     )
     SELECT tree.id::text AS id, tree.external_id AS "externalId", tree.readable_id AS "readableId",
       tree.run_id AS "runId", ${apiTaskStatusSql('tree.status')} AS status,
       tree.retry_count AS "retryCount", tree.depth,
       tree.parent_task_external_id AS "parentTaskExternalId", tree.created_at AS "createdAt",
       (SELECT min(e.created_at) FROM task_events e WHERE e.tenant_id = $1 AND e.task_id = tree.id
          AND e.retry_count = tree.retry_count AND e.event_type = 'QUEUED') AS "queuedAt",
       tree.started_at AS "startedAt", tree.finished_at AS "finishedAt"
     FROM (SELECT * FROM tree LIMIT ${MAX_TIMING_ROWS}) tree`,
    [tenantId, runId, depth],
  );
  return rows;
}

export interface DisplayNameRow {
  id: string;
  createdAt: Date;
  displayName: string;
}

/**
 * Display names of runs and tasks by external id: a run is named after its workflow, a task
 * of a DAG after its step and a standalone task after its workflow.
 */
export async function listDisplayNames(
  db: Queryable,
  tenantId: string,
  ids: readonly string[],
): Promise<DisplayNameRow[]> {
  const { rows } = await db.query<DisplayNameRow>(
    `SELECT r.id, r.created_at AS "createdAt", w.name AS "displayName"
     FROM workflow_runs r JOIN workflows w ON w.id = r.workflow_id
     WHERE r.tenant_id = $1 AND r.id = ANY($2::uuid[])
     UNION ALL
     SELECT t.external_id, t.created_at,
       CASE r.kind WHEN 'TASK' THEN w.name ELSE t.readable_id END
     FROM tasks t JOIN workflow_runs r ON r.id = t.run_id JOIN workflows w ON w.id = r.workflow_id
     WHERE t.tenant_id = $1 AND t.external_id = ANY($2::uuid[])`,
    [tenantId, ids],
  );
  return rows;
}
