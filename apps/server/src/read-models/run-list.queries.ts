import { taskIdRangeOfRuns, type Queryable } from '@trellis/db';
import type { RunRow } from '@trellis/engine';
import { RUN_LIST_CAP, type V1TaskStatus } from '@trellis/api-contract';
import { apiTaskStatusSql, runWhere, SqlParams, taskWhere, type RunFilter } from './run-filter';

export interface Page {
  offset: number;
  limit: number;
}

/**
 * Pages are read in two steps: the page's ids in the list index's order (an index-only scan
 * when the filters are indexed columns, so a deep offset skips index entries, not rows), then
 * the rows for those ids alone.
 */

/** How many rows match, counting no further than RUN_LIST_CAP. */
export async function cappedCount(db: Queryable, from: string, where: string, params: SqlParams) {
  const { rows } = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM (SELECT 1 FROM ${from} WHERE ${where} LIMIT ${RUN_LIST_CAP}) capped`,
    params.values,
  );
  return rows[0]!.total;
}

/**
 * A run as lists show it: the columns of the engine's run row that lists need. `input` is null
 * unless payloads were asked for.
 */
export type RunListRow = Pick<
  RunRow,
  | 'id'
  | 'kind'
  | 'status'
  | 'workflowId'
  | 'workflowName'
  | 'workflowVersionId'
  | 'input'
  | 'additionalMetadata'
  | 'parentTaskExternalId'
  | 'createdAt'
  | 'startedAt'
  | 'finishedAt'
>;

export const RUN_COLUMNS = `r.id, r.kind, r.status, r.workflow_id AS "workflowId", w.name AS "workflowName",
  r.workflow_version_id AS "workflowVersionId", r.additional_metadata AS "additionalMetadata",
  r.parent_task_external_id AS "parentTaskExternalId", r.created_at AS "createdAt",
  r.started_at AS "startedAt", r.finished_at AS "finishedAt"`;

/** A page of runs, newest first, and how many match (capped at RUN_LIST_CAP). */
export async function listRuns(
  db: Queryable,
  filter: RunFilter,
  page: Page,
  options: { includePayloads: boolean },
): Promise<{ rows: RunListRow[]; total: number }> {
  const params = new SqlParams();
  const where = runWhere(filter, params);
  const [{ rows }, total] = await Promise.all([
    db.query<RunListRow>(
      `WITH page AS MATERIALIZED (
         SELECT r.id, r.created_at FROM workflow_runs r WHERE ${where}
         ORDER BY r.created_at DESC, r.id DESC LIMIT ${page.limit} OFFSET ${page.offset})
       SELECT ${RUN_COLUMNS}, ${options.includePayloads ? 'r.input' : 'NULL AS input'}
       FROM page JOIN workflow_runs r ON r.id = page.id JOIN workflows w ON w.id = r.workflow_id
       ORDER BY page.created_at DESC, page.id DESC`,
      params.values,
    ),
    cappedCount(db, 'workflow_runs r', where, params),
  ]);
  return { rows, total };
}

/** Some runs of a tenant as lists show them (no payloads), newest first. */
export async function listRunsById(
  db: Queryable,
  tenantId: string,
  runIds: readonly string[],
): Promise<RunListRow[]> {
  if (runIds.length === 0) return [];
  const { rows } = await db.query<RunListRow>(
    `SELECT ${RUN_COLUMNS}, NULL AS input
       FROM workflow_runs r JOIN workflows w ON w.id = r.workflow_id
      WHERE r.tenant_id = $1 AND r.id = ANY($2::uuid[])
      ORDER BY r.created_at DESC, r.id DESC`,
    [tenantId, runIds],
  );
  return rows;
}

/** Ids of the runs matching a filter, newest first, at most RUN_LIST_CAP. */
export async function listRunIdsMatching(db: Queryable, filter: RunFilter): Promise<string[]> {
  const params = new SqlParams();
  const { rows } = await db.query<{ id: string }>(
    `SELECT r.id FROM workflow_runs r WHERE ${runWhere(filter, params)}
     ORDER BY r.created_at DESC, r.id DESC LIMIT ${RUN_LIST_CAP}`,
    params.values,
  );
  return rows.map((row) => row.id);
}

/**
 * A task as lists show it, with the columns of its run's row it needs: the run's `input` and
 * the task's `output` are null unless payloads were asked for.
 */
export interface TaskListRow extends Pick<
  RunRow,
  | 'workflowId'
  | 'workflowName'
  | 'workflowVersionId'
  | 'input'
  | 'additionalMetadata'
  | 'parentTaskExternalId'
> {
  id: string;
  externalId: string;
  runId: string;
  runKind: RunRow['kind'];
  stepId: string;
  readableId: string;
  actionId: string;
  status: V1TaskStatus;
  retryCount: number;
  output: unknown;
  error: string | null;
  workerId: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  spawnedChildren: number;
  /** A durable task whose worker let it go while it waits (`tasks.evicted_at` is set). */
  isEvicted: boolean;
  isDurable: boolean;
  /** Skipped by its conditions: COMPLETED with the output {"skipped": true}. */
  isSkipped: boolean;
}

/** Columns of a task (alias `t`) joined to its run (`r`), workflow (`w`) and step (`s`). */
export function taskColumns(options: { includePayloads: boolean }): string {
  return `t.id::text AS id, t.external_id AS "externalId", t.run_id AS "runId", r.kind AS "runKind",
    t.step_id AS "stepId", t.readable_id AS "readableId", t.action_id AS "actionId",
    ${apiTaskStatusSql('t.status')} AS status, t.retry_count AS "retryCount", t.error,
    t.worker_id AS "workerId", r.workflow_id AS "workflowId", w.name AS "workflowName",
    r.workflow_version_id AS "workflowVersionId", r.additional_metadata AS "additionalMetadata",
    r.parent_task_external_id AS "parentTaskExternalId", t.created_at AS "createdAt",
    t.started_at AS "startedAt", t.finished_at AS "finishedAt",
    t.evicted_at IS NOT NULL AS "isEvicted", s.is_durable AS "isDurable", t.skipped AS "isSkipped",
    ${options.includePayloads ? 'r.input, t.output' : 'NULL AS input, NULL AS output'},
    (SELECT count(*)::int FROM workflow_runs c WHERE c.tenant_id = t.tenant_id
       AND c.parent_task_external_id = t.external_id) AS "spawnedChildren"`;
}

/** The joins `taskColumns` reads from. */
export const TASK_JOINS = `JOIN workflow_runs r ON r.id = t.run_id
  JOIN workflows w ON w.id = r.workflow_id JOIN workflow_steps s ON s.id = t.step_id`;

/** A page of tasks, newest first, and how many match (capped at RUN_LIST_CAP). */
export async function listTasks(
  db: Queryable,
  filter: RunFilter,
  page: Page,
  options: { includePayloads: boolean },
): Promise<{ rows: TaskListRow[]; total: number }> {
  const params = new SqlParams();
  const { where, readsRun } = taskWhere(filter, params);
  const from = readsRun ? 'tasks t JOIN workflow_runs r ON r.id = t.run_id' : 'tasks t';
  const [{ rows }, total] = await Promise.all([
    db.query<TaskListRow>(
      `WITH page AS MATERIALIZED (
         SELECT t.id, t.created_at FROM ${from} WHERE ${where}
         ORDER BY t.created_at DESC, t.id DESC LIMIT ${page.limit} OFFSET ${page.offset})
       SELECT ${taskColumns(options)}
       FROM page JOIN tasks t ON t.id = page.id ${TASK_JOINS}
       ORDER BY page.created_at DESC, page.id DESC`,
      params.values,
    ),
    cappedCount(db, from, where, params),
  ]);
  return { rows, total };
}

/** The tasks of some runs of a tenant, in the order their steps were declared. */
export async function listTasksOfRuns(
  db: Queryable,
  tenantId: string,
  runIds: readonly string[],
  options: { includePayloads: boolean },
): Promise<TaskListRow[]> {
  if (runIds.length === 0) return [];
  const { rows } = await db.query<TaskListRow>(
    `SELECT ${taskColumns(options)}
     FROM tasks t ${TASK_JOINS}
     WHERE t.tenant_id = $1 AND t.run_id = ANY($2::uuid[]) AND t.id >= $3 AND t.id < $4
     ORDER BY t.run_id, s.position, t.id`,
    [tenantId, runIds, ...taskIdRangeOfRuns(runIds)],
  );
  return rows;
}
