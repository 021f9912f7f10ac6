import { sqlTaskInRunDay, taskIdRangeOfExternalId, type Queryable } from '@trellis/db';
import { escapeLike } from './run-filter';
import type { V1LogLineLevel } from '@trellis/api-contract';
import { TASK_EVENT_COLUMNS, type TaskEventRow } from './run-detail.queries';
import { TASK_JOINS, taskColumns, type TaskListRow } from './run-list.queries';

export interface TaskRow extends TaskListRow {
  /** The definition of the task's workflow version. */
  workflowConfig: Record<string, unknown>;
}

/**
 * The internal id of the task that `$2` names in tenant `$1`: a task's external id or, as the
 * reference allows, the id of a standalone task's run. `$3` and `$4` bound the ids of the day
 * either names (taskIdRangeOfExternalId), so that one day's partition is read.
 */
const TASK_ID_OF = `(SELECT id FROM tasks
  WHERE tenant_id = $1 AND external_id = $2 AND id >= $3 AND id < $4
  UNION ALL
  SELECT st.id FROM workflow_runs sr
    JOIN tasks st ON st.run_id = sr.id AND ${sqlTaskInRunDay('st.id', 'sr.id')}
  WHERE sr.tenant_id = $1 AND sr.id = $2 AND sr.kind = 'TASK'
  LIMIT 1)`;

/** A task with its payloads, by either id (see TASK_ID_OF). */
export async function findTask(
  db: Queryable,
  tenantId: string,
  id: string,
): Promise<TaskRow | undefined> {
  const { rows } = await db.query<TaskRow>(
    `SELECT ${taskColumns({ includePayloads: true })}, v.definition AS "workflowConfig"
     FROM tasks t ${TASK_JOINS} JOIN workflow_versions v ON v.id = r.workflow_version_id
     WHERE t.tenant_id = $1 AND t.id = ${TASK_ID_OF}`,
    [tenantId, id, ...taskIdRangeOfExternalId(id)],
  );
  return rows[0];
}

/** The internal id and external id of a task, by either id (see TASK_ID_OF). */
export async function findTaskRef(
  db: Queryable,
  tenantId: string,
  id: string,
): Promise<{ id: string; externalId: string } | undefined> {
  const { rows } = await db.query<{ id: string; externalId: string }>(
    `SELECT t.id::text AS id, t.external_id AS "externalId" FROM tasks t
     WHERE t.tenant_id = $1 AND t.id = ${TASK_ID_OF}`,
    [tenantId, id, ...taskIdRangeOfExternalId(id)],
  );
  return rows[0];
}

/** The events of one attempt of a task (0-based retry count), oldest first. */
export async function listAttemptEvents(
  db: Queryable,
  tenantId: string,
  taskId: string,
  retryCount: number,
): Promise<TaskEventRow[]> {
  const { rows } = await db.query<TaskEventRow>(
    `SELECT ${TASK_EVENT_COLUMNS} FROM task_events e JOIN tasks t ON t.id = e.task_id
     WHERE e.tenant_id = $1 AND e.task_id = $2 AND e.retry_count = $3 ORDER BY e.id`,
    [tenantId, taskId, retryCount],
  );
  return rows;
}

/** A task's activity: the first event of each type per attempt, newest first. */
export async function listTaskActivity(
  db: Queryable,
  tenantId: string,
  taskId: string,
  page: { offset: number; limit: number },
): Promise<TaskEventRow[]> {
  const { rows } = await db.query<TaskEventRow>(
    `SELECT * FROM (
       SELECT DISTINCT ON (e.retry_count, e.event_type) ${TASK_EVENT_COLUMNS}
       FROM task_events e JOIN tasks t ON t.id = e.task_id
       WHERE e.tenant_id = $1 AND e.task_id = $2
       ORDER BY e.retry_count, e.event_type, e.id) first_of_each
     ORDER BY id::bigint DESC LIMIT $3 OFFSET $4`,
    [tenantId, taskId, page.limit, page.offset],
  );
  return rows;
}

export interface LogLineRow {
  createdAt: Date;
  message: string;
  level: V1LogLineLevel | null;
  metadata: unknown;
  retryCount: number;
}

/** A task's log lines in a window (both bounds exclusive), in time order. */
export async function listTaskLogLines(
  db: Queryable,
  tenantId: string,
  taskId: string,
  options: {
    since?: Date | undefined;
    until?: Date | undefined;
    attempt?: number | undefined;
    search?: string | undefined;
    levels?: readonly V1LogLineLevel[] | undefined;
    limit: number;
    descending: boolean;
  },
): Promise<LogLineRow[]> {
  const params: unknown[] = [tenantId, taskId];
  const p = (value: unknown) => `$${params.push(value)}`;
  const conditions = ['l.tenant_id = $1', 'l.task_id = $2'];
  if (options.since) conditions.push(`l.created_at > ${p(options.since)}`);
  if (options.until) conditions.push(`l.created_at < ${p(options.until)}`);
  if (options.attempt !== undefined) conditions.push(`l.retry_count = ${p(options.attempt - 1)}`);
  if (options.search) {
    conditions.push(`l.message ILIKE ${p(`%${escapeLike(options.search)}%`)}`);
  }
  if (options.levels?.length) conditions.push(`l.level = ANY(${p(options.levels)}::text[])`);
  const direction = options.descending ? 'DESC' : 'ASC';
  const { rows } = await db.query<LogLineRow>(
    `SELECT l.created_at AS "createdAt", l.message, l.level, l.metadata, l.retry_count AS "retryCount"
     FROM task_logs l
     WHERE ${conditions.join(' AND ')}
     ORDER BY l.created_at ${direction}, l.id ${direction}
     LIMIT ${options.limit}`,
    params,
  );
  return rows;
}
