import type { RunTaskRow } from './queries/task.queries';
import type { TaskResult } from './types';

/** A task as a run's result reports it (the SDK's run result, the run subscribers). */
export function taskResult(task: RunTaskRow): TaskResult {
  return {
    externalId: task.externalId,
    readableId: task.readableId,
    status: task.status,
    output: task.output,
    error: task.status === 'CANCELLED' ? (task.error ?? 'Task was cancelled') : task.error,
  };
}
