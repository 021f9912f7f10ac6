import type { Queryable } from '@trellis/db';
import { keysetCondition, type KeysetCursor, type KeysetRow } from './keyset-batches';
import { runWhere, SqlParams, taskWhere, type RunFilter } from './run-filter';
import {
  RUN_COLUMNS,
  TASK_JOINS,
  taskColumns,
  type RunListRow,
  type TaskListRow,
} from './run-list.queries';

/**
 * The runs list read whole for an export: the rows of the list in its order, a batch at a
 * time (see keyset-batches.ts), without payloads, and how many there are, uncapped.
 */

/** How many runs (or tasks) match, all of them: the export sends every one. */
export async function countRunsToExport(
  db: Queryable,
  filter: RunFilter,
  onlyTasks: boolean,
): Promise<number> {
  const params = new SqlParams();
  const sql = onlyTasks
    ? taskSource(filter, params)
    : `workflow_runs r WHERE ${runWhere(filter, params)}`;
  const { rows } = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM ${sql}`,
    params.values,
  );
  return rows[0]!.total;
}

function taskSource(filter: RunFilter, params: SqlParams): string {
  const { where, readsRun } = taskWhere(filter, params);
  const from = readsRun ? 'tasks t JOIN workflow_runs r ON r.id = t.run_id' : 'tasks t';
  return `${from} WHERE ${where}`;
}

/** The next batch of runs after `after`, newest first. */
export async function readRunBatch(
  db: Queryable,
  filter: RunFilter,
  after: KeysetCursor | undefined,
  limit: number,
): Promise<(RunListRow & KeysetRow)[]> {
  const params = new SqlParams();
  const where = [
    runWhere(filter, params),
    ...keysetCondition('r.created_at', 'r.id', 'uuid', after, params),
  ];
  const { rows } = await db.query<RunListRow & KeysetRow>(
    `WITH batch AS MATERIALIZED (
       SELECT r.id, r.created_at FROM workflow_runs r WHERE ${where.join(' AND ')}
       ORDER BY r.created_at DESC, r.id DESC LIMIT ${limit})
     SELECT ${RUN_COLUMNS}, NULL AS input, batch.created_at::text AS "cursorAt"
     FROM batch JOIN workflow_runs r ON r.id = batch.id JOIN workflows w ON w.id = r.workflow_id
     ORDER BY batch.created_at DESC, batch.id DESC`,
    params.values,
  );
  return rows;
}

/** The next batch of tasks after `after`, newest first. */
export async function readTaskBatch(
  db: Queryable,
  filter: RunFilter,
  after: KeysetCursor | undefined,
  limit: number,
): Promise<(TaskListRow & KeysetRow)[]> {
  const params = new SqlParams();
  const source = [
    taskSource(filter, params),
    ...keysetCondition('t.created_at', 't.id', 'bigint', after, params),
  ];
  const { rows } = await db.query<TaskListRow & KeysetRow>(
    `WITH batch AS MATERIALIZED (
       SELECT t.id, t.created_at FROM ${source.join(' AND ')}
       ORDER BY t.created_at DESC, t.id DESC LIMIT ${limit})
     SELECT ${taskColumns({ includePayloads: false })}, batch.created_at::text AS "cursorAt"
     FROM batch JOIN tasks t ON t.id = batch.id ${TASK_JOINS}
     ORDER BY batch.created_at DESC, batch.id DESC`,
    params.values,
  );
  return rows;
}
