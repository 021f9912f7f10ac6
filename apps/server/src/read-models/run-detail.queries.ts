import type { Queryable } from '@trellis/db';
import type { V1TaskEventType } from '@trellis/api-contract';
import type { RunListRow } from './run-list.queries';

export async function findRun(
  db: Queryable,
  tenantId: string,
  runId: string,
): Promise<RunListRow | undefined> {
  const { rows } = await db.query<RunListRow>(
    `SELECT r.id, r.kind, r.status, r.workflow_id AS "workflowId", w.name AS "workflowName",
       r.workflow_version_id AS "workflowVersionId", r.input, r.additional_metadata AS "additionalMetadata",
       r.parent_task_external_id AS "parentTaskExternalId", r.created_at AS "createdAt",
       r.started_at AS "startedAt", r.finished_at AS "finishedAt"
     FROM workflow_runs r JOIN workflows w ON w.id = r.workflow_id
     WHERE r.tenant_id = $1 AND r.id = $2`,
    [tenantId, runId],
  );
  return rows[0];
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

/** Every event of every task of a run, newest first. */
export async function listRunTaskEvents(
  db: Queryable,
  tenantId: string,
  runId: string,
): Promise<TaskEventRow[]> {
  const { rows } = await db.query<TaskEventRow>(
    `SELECT e.id::text AS id, t.external_id AS "taskExternalId", t.readable_id AS "taskDisplayName",
       e.retry_count AS "retryCount", e.event_type AS "eventType", e.created_at AS "createdAt",
       e.worker_id AS "workerId", e.message, e.data
     FROM tasks t JOIN task_events e ON e.tenant_id = t.tenant_id AND e.task_id = t.id
     WHERE t.tenant_id = $1 AND t.run_id = $2
     ORDER BY e.id DESC`,
    [tenantId, runId],
  );
  return rows;
}

export interface StepShapeRow {
  stepId: string;
  readableId: string;
  parents: string[];
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
       (SELECT t.external_id FROM tasks t WHERE t.tenant_id = r.tenant_id AND t.run_id = r.id AND t.step_id = s.id
        ORDER BY t.id DESC LIMIT 1) AS "taskExternalId"
     FROM workflow_runs r JOIN workflow_steps s ON s.workflow_version_id = r.workflow_version_id
     WHERE r.tenant_id = $1 AND r.id = $2 AND NOT s.is_on_failure
     ORDER BY s.position`,
    [tenantId, runId],
  );
  return rows;
}

export interface LogLineRow {
  createdAt: Date;
  message: string;
  level: string | null;
  metadata: unknown;
  retryCount: number;
}

/** A task's log lines in a window, in time order. */
export async function listTaskLogLines(
  db: Queryable,
  tenantId: string,
  taskExternalId: string,
  options: {
    since?: Date | undefined;
    until?: Date | undefined;
    attempt?: number | undefined;
    limit: number;
    descending: boolean;
  },
): Promise<LogLineRow[]> {
  const params: unknown[] = [tenantId, taskExternalId];
  const p = (value: unknown) => `$${params.push(value)}`;
  const conditions = ['t.tenant_id = $1', 't.external_id = $2'];
  if (options.since) conditions.push(`l.created_at > ${p(options.since)}`);
  if (options.until) conditions.push(`l.created_at < ${p(options.until)}`);
  if (options.attempt !== undefined) conditions.push(`l.retry_count = ${p(options.attempt - 1)}`);
  const direction = options.descending ? 'DESC' : 'ASC';
  const { rows } = await db.query<LogLineRow>(
    `SELECT l.created_at AS "createdAt", l.message, l.level, l.metadata, l.retry_count AS "retryCount"
     FROM tasks t JOIN task_logs l ON l.tenant_id = t.tenant_id AND l.task_id = t.id
     WHERE ${conditions.join(' AND ')}
     ORDER BY l.created_at ${direction}, l.id ${direction}
     LIMIT ${options.limit}`,
    params,
  );
  return rows;
}
