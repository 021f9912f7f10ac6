import type { Queryable } from '@trellis/db';
import type { V1TaskSummary } from '@trellis/api-contract';
import {
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
  const tasksByRun = new Map<string, TaskListRow[]>();
  for (const task of tasks) {
    const list = tasksByRun.get(task.runId);
    if (list) list.push(task);
    else tasksByRun.set(task.runId, [task]);
  }
  return runs.map((run) => presentRun(run, tasksByRun.get(run.id) ?? [], tenantId));
}
