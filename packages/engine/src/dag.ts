/**
 * DAG rules, pure: which waiting tasks of a run become ready, which are cancelled because an
 * ancestor failed or was cancelled, whether the on-failure task must be created, and the run's
 * final status.
 */
import { finalRunStatus, isFinal, type RunStatus, type TaskStatus } from './task-lifecycle';

export interface DagTask {
  id: string;
  readableId: string;
  status: TaskStatus;
  parents: readonly string[];
  isOnFailure: boolean;
}

export interface RunProgress {
  /** PENDING tasks whose parents all completed. */
  queue: string[];
  /** PENDING tasks with a failed or cancelled ancestor. */
  cancel: string[];
  /** A task failed, the workflow has an on-failure task and it has not been created yet. */
  createOnFailure: boolean;
  /** Set when every task of the run is final (after applying the above). */
  runStatus: RunStatus | undefined;
}

export function planRunProgress(tasks: readonly DagTask[], hasOnFailureStep: boolean): RunProgress {
  const main = tasks.filter((t) => !t.isOnFailure);
  const status = new Map(main.map((t) => [t.readableId, t.status]));
  const queue: string[] = [];
  const cancel: string[] = [];
  // Cancellation cascades through PENDING descendants, so repeat until nothing changes.
  for (let changed = true; changed;) {
    changed = false;
    for (const task of main) {
      if (status.get(task.readableId) !== 'PENDING') continue;
      const parents = task.parents.map((p) => status.get(p));
      if (parents.some((s) => s === 'FAILED' || s === 'CANCELLED')) {
        status.set(task.readableId, 'CANCELLED');
        cancel.push(task.id);
        changed = true;
      } else if (parents.every((s) => s === 'COMPLETED')) {
        status.set(task.readableId, 'QUEUED');
        queue.push(task.id);
      }
    }
  }
  const mainStatuses = [...status.values()];
  const onFailure = tasks.find((t) => t.isOnFailure);
  let createOnFailure = false;
  let runStatus: RunStatus | undefined = finalRunStatus(mainStatuses);
  if (runStatus === 'FAILED' && hasOnFailureStep) {
    if (!onFailure) {
      createOnFailure = true;
      runStatus = undefined;
    } else if (!isFinal(onFailure.status)) {
      runStatus = undefined;
    }
  }
  return { queue, cancel, createOnFailure, runStatus };
}

/** The readable ids of every task downstream of `roots` (not including them). */
export function descendantsOf(
  tasks: readonly Pick<DagTask, 'readableId' | 'parents'>[],
  roots: readonly string[],
): Set<string> {
  const found = new Set<string>();
  const frontier = [...roots];
  while (frontier.length > 0) {
    const current = frontier.pop()!;
    for (const task of tasks) {
      if (task.parents.includes(current) && !found.has(task.readableId)) {
        found.add(task.readableId);
        frontier.push(task.readableId);
      }
    }
  }
  return found;
}
