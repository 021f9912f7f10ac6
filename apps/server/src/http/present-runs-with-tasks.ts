import type { Queryable } from '@trellis/db';
import type { V1TaskSummary } from '@trellis/api-contract';
import {
  listRunsById,
  listTasksOfRuns,
  type RunListRow,
  type TaskListRow,
} from '../read-models/run-list.queries';
import { presentRun } from './present-runs';

/** Runs as list rows, each with its tasks (read in one statement for all of them). */
export async function presentRunsWithTasks(
  db: Queryable,
  tenantId: string,
  runs: readonly RunListRow[],
  options: { includePayloads: boolean },
): Promise<V1TaskSummary[]> {
  const tasks = await listTasksOfRuns(
    db,
    tenantId,
    runs.map((run) => run.id),
    options,
  );
  return withTasks(runs, tasks, tenantId);
}

/**
 * Some runs of a tenant by id, as the runs list shows them (no payloads), newest first: the
 * runs and their tasks read side by side, as the ids are known.
 */
export async function readRunRows(
  db: Queryable,
  tenantId: string,
  runIds: readonly string[],
): Promise<V1TaskSummary[]> {
  const [runs, tasks] = await Promise.all([
    listRunsById(db, tenantId, runIds),
    listTasksOfRuns(db, tenantId, runIds, { includePayloads: false }),
  ]);
  return withTasks(runs, tasks, tenantId);
}

function withTasks(
  runs: readonly RunListRow[],
  tasks: readonly TaskListRow[],
  tenantId: string,
): V1TaskSummary[] {
  const tasksByRun = new Map<string, TaskListRow[]>();
  for (const task of tasks) {
    const list = tasksByRun.get(task.runId);
    if (list) list.push(task);
    else tasksByRun.set(task.runId, [task]);
  }
  return runs.map((run) => presentRun(run, tasksByRun.get(run.id) ?? [], tenantId));
}
