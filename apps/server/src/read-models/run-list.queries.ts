import type { Queryable } from '@trellis/db';
import type { V1TaskStatus } from '@trellis/api-contract';

/** The filters of the runs list; every query is bounded by tenant and a creation window. */
export interface RunFilter {
  tenantId: string;
  since: Date;
  until?: Date | undefined;
  statuses?: readonly V1TaskStatus[] | undefined;
  workflowIds?: readonly string[] | undefined;
  additionalMetadata?: readonly { key: string; value: string }[] | undefined;
  parentTaskExternalId?: string | undefined;
  workerId?: string | undefined;
}

/** Counts stop here: beyond it the list says "10,000+" rather than scan a tenant's history. */
export const COUNT_CAP = 10_000;

/** SQL that reports an internal task status column as the API's status. */
export function apiTaskStatusSql(column: string): string {
  return `CASE ${column} WHEN 'PENDING' THEN 'QUEUED' WHEN 'ASSIGNED' THEN 'RUNNING' ELSE ${column} END`;
}

const INTERNAL_STATUSES: Record<V1TaskStatus, string[]> = {
  QUEUED: ['PENDING', 'QUEUED'],
  RUNNING: ['ASSIGNED', 'RUNNING'],
  COMPLETED: ['COMPLETED'],
  FAILED: ['FAILED'],
  CANCELLED: ['CANCELLED'],
};

/** Builds the WHERE clause for runs (`alias` = workflow_runs) or tasks joined to their run. */
function whereClause(filter: RunFilter, target: 'runs' | 'tasks', params: unknown[]): string {
  const p = (value: unknown) => `$${params.push(value)}`;
  const row = target === 'runs' ? 'r' : 't';
  const conditions = [
    `${row}.tenant_id = ${p(filter.tenantId)}`,
    `${row}.created_at >= ${p(filter.since)}`,
  ];
  if (filter.until) conditions.push(`${row}.created_at <= ${p(filter.until)}`);
  if (filter.statuses?.length) {
    const internal = filter.statuses.flatMap((status) =>
      target === 'runs' ? [status] : INTERNAL_STATUSES[status],
    );
    conditions.push(`${row}.status = ANY(${p(internal)}::text[])`);
  }
  if (filter.workflowIds?.length)
    conditions.push(`r.workflow_id = ANY(${p(filter.workflowIds)}::uuid[])`);
  if (filter.parentTaskExternalId)
    conditions.push(`r.parent_task_external_id = ${p(filter.parentTaskExternalId)}`);
  if (filter.workerId && target === 'tasks') conditions.push(`t.worker_id = ${p(filter.workerId)}`);
  if (filter.additionalMetadata?.length) {
    // Any of the pairs matches (the reference's OR); @> uses the GIN index.
    const pairs = filter.additionalMetadata.map(
      ({ key, value }) => `r.additional_metadata @> ${p(JSON.stringify({ [key]: value }))}::jsonb`,
    );
    conditions.push(`(${pairs.join(' OR ')})`);
  }
  return conditions.join(' AND ');
}

export interface RunListRow {
  id: string;
  kind: 'DAG' | 'TASK';
  status: V1TaskStatus;
  workflowId: string;
  workflowName: string;
  workflowVersionId: string;
  input: unknown;
  additionalMetadata: Record<string, unknown>;
  parentTaskExternalId: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

/** A page of runs, newest first, and how many match (capped at COUNT_CAP). */
export async function listRuns(
  db: Queryable,
  filter: RunFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: RunListRow[]; total: number }> {
  const params: unknown[] = [];
  const where = whereClause(filter, 'runs', params);
  const { rows } = await db.query<RunListRow>(
    `SELECT r.id, r.kind, r.status, r.workflow_id AS "workflowId", w.name AS "workflowName",
       r.workflow_version_id AS "workflowVersionId", r.input, r.additional_metadata AS "additionalMetadata",
       r.parent_task_external_id AS "parentTaskExternalId", r.created_at AS "createdAt",
       r.started_at AS "startedAt", r.finished_at AS "finishedAt"
     FROM workflow_runs r JOIN workflows w ON w.id = r.workflow_id
     WHERE ${where}
     ORDER BY r.created_at DESC, r.id
     LIMIT ${page.limit} OFFSET ${page.offset}`,
    params,
  );
  const count = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM (SELECT 1 FROM workflow_runs r WHERE ${where} LIMIT ${COUNT_CAP}) capped`,
    params,
  );
  return { rows, total: count.rows[0]!.total };
}

export interface TaskListRow {
  id: string;
  externalId: string;
  runId: string;
  runKind: 'DAG' | 'TASK';
  stepId: string;
  readableId: string;
  actionId: string;
  status: V1TaskStatus;
  retryCount: number;
  output: unknown;
  error: string | null;
  workerId: string | null;
  workflowId: string;
  workflowName: string;
  workflowVersionId: string;
  input: unknown;
  additionalMetadata: Record<string, unknown>;
  parentTaskExternalId: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  spawnedChildren: number;
}

const TASK_SELECT = `SELECT t.id::text AS id, t.external_id AS "externalId", t.run_id AS "runId", r.kind AS "runKind",
  t.step_id AS "stepId", t.readable_id AS "readableId", t.action_id AS "actionId",
  ${apiTaskStatusSql('t.status')} AS status, t.retry_count AS "retryCount", t.output, t.error,
  t.worker_id AS "workerId", r.workflow_id AS "workflowId", w.name AS "workflowName",
  r.workflow_version_id AS "workflowVersionId", r.input, r.additional_metadata AS "additionalMetadata",
  r.parent_task_external_id AS "parentTaskExternalId", t.created_at AS "createdAt",
  t.started_at AS "startedAt", t.finished_at AS "finishedAt",
  (SELECT count(*)::int FROM workflow_runs c WHERE c.tenant_id = t.tenant_id
     AND c.parent_task_external_id = t.external_id) AS "spawnedChildren"
  FROM tasks t JOIN workflow_runs r ON r.id = t.run_id JOIN workflows w ON w.id = r.workflow_id`;

/** A page of tasks, newest first, and how many match (capped at COUNT_CAP). */
export async function listTasks(
  db: Queryable,
  filter: RunFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: TaskListRow[]; total: number }> {
  const params: unknown[] = [];
  const where = whereClause(filter, 'tasks', params);
  const { rows } = await db.query<TaskListRow>(
    `${TASK_SELECT} WHERE ${where} ORDER BY t.created_at DESC, t.id DESC LIMIT ${page.limit} OFFSET ${page.offset}`,
    params,
  );
  const count = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM (SELECT 1 FROM tasks t JOIN workflow_runs r ON r.id = t.run_id
       WHERE ${where} LIMIT ${COUNT_CAP}) capped`,
    params,
  );
  return { rows, total: count.rows[0]!.total };
}

/** The tasks of some runs, in the order their steps were declared. */
export async function listTasksOfRuns(
  db: Queryable,
  tenantId: string,
  runIds: readonly string[],
): Promise<TaskListRow[]> {
  if (runIds.length === 0) return [];
  const { rows } = await db.query<TaskListRow>(
    `${TASK_SELECT} JOIN workflow_steps s ON s.id = t.step_id
     WHERE t.tenant_id = $1 AND t.run_id = ANY($2::uuid[]) ORDER BY t.run_id, s.position, t.id`,
    [tenantId, runIds],
  );
  return rows;
}

/** Task external ids matching a filter, for cancel or replay "everything matching". */
export async function listTaskIdsMatching(
  db: Queryable,
  filter: RunFilter,
  limit: number,
): Promise<string[]> {
  const params: unknown[] = [];
  const where = whereClause(filter, 'tasks', params);
  const { rows } = await db.query<{ externalId: string }>(
    `SELECT t.external_id AS "externalId" FROM tasks t JOIN workflow_runs r ON r.id = t.run_id
     WHERE ${where} ORDER BY t.created_at DESC LIMIT ${limit}`,
    params,
  );
  return rows.map((row) => row.externalId);
}
