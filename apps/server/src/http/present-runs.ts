import { ZERO_UUID, type V1TaskEvent, type V1TaskSummary } from '@trellis/api-contract';
import type { RunListRow, TaskListRow } from '../read-models/run-list.queries';
import type { TaskEventRow } from '../read-models/run-detail.queries';

/** Runs and tasks as the v1 API shows them. Payloads are `{}` unless asked for. */

const iso = (date: Date | null) => (date ? { value: date.toISOString() } : undefined);

function timing(row: { startedAt: Date | null; finishedAt: Date | null }) {
  const started = iso(row.startedAt);
  const finished = iso(row.finishedAt);
  return {
    ...(started ? { startedAt: started.value } : {}),
    ...(finished ? { finishedAt: finished.value } : {}),
    ...(row.startedAt && row.finishedAt
      ? { duration: row.finishedAt.getTime() - row.startedAt.getTime() }
      : {}),
  };
}

/** JSON values that are not objects are wrapped, since these fields must be objects. */
export function asObject(value: unknown): Record<string, unknown> {
  if (value === null || value === undefined) return {};
  return typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : { value };
}

export function presentTask(
  row: TaskListRow,
  tenantId: string,
  options: { includePayloads: boolean },
): V1TaskSummary {
  return {
    metadata: {
      id: row.externalId,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.createdAt.toISOString(),
    },
    taskId: Number(row.id),
    taskExternalId: row.externalId,
    taskInsertedAt: row.createdAt.toISOString(),
    type: 'TASK',
    displayName: row.runKind === 'TASK' ? row.workflowName : row.readableId,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    ...timing(row),
    input: options.includePayloads ? asObject(row.input) : {},
    output: options.includePayloads ? asObject(row.output) : {},
    errorMessage: row.error ?? '',
    additionalMetadata: row.additionalMetadata,
    tenantId,
    workflowId: row.workflowId,
    workflowName: row.workflowName,
    workflowVersionId: row.workflowVersionId,
    workflowRunExternalId: row.runId,
    stepId: row.stepId,
    actionId: row.actionId,
    retryCount: row.retryCount,
    attempt: row.retryCount + 1,
    numSpawnedChildren: row.spawnedChildren,
    ...(row.parentTaskExternalId ? { parentTaskExternalId: row.parentTaskExternalId } : {}),
  };
}

/**
 * A run as a list row. A DAG run carries its tasks as `children`; a standalone task's run is
 * shown as that task, with the run's id.
 */
export function presentRun(
  run: RunListRow,
  tasks: readonly TaskListRow[],
  tenantId: string,
  options: { includePayloads: boolean },
): V1TaskSummary {
  const first = tasks[0];
  const children = tasks.map((task) => presentTask(task, tenantId, options));
  const failed = tasks.find((task) => task.error);
  const output =
    run.kind === 'TASK'
      ? asObject(first?.output)
      : Object.fromEntries(tasks.map((t) => [t.readableId, t.output ?? null]));
  return {
    metadata: {
      id: run.id,
      createdAt: run.createdAt.toISOString(),
      updatedAt: run.createdAt.toISOString(),
    },
    taskId: run.kind === 'TASK' && first ? Number(first.id) : 0,
    taskExternalId: run.kind === 'TASK' && first ? first.externalId : run.id,
    taskInsertedAt: run.createdAt.toISOString(),
    type: run.kind,
    displayName: run.workflowName,
    status: run.status,
    createdAt: run.createdAt.toISOString(),
    ...timing(run),
    input: options.includePayloads ? asObject(run.input) : {},
    output: options.includePayloads ? output : {},
    errorMessage: failed?.error ?? '',
    additionalMetadata: run.additionalMetadata,
    tenantId,
    workflowId: run.workflowId,
    workflowName: run.workflowName,
    workflowVersionId: run.workflowVersionId,
    workflowRunExternalId: run.id,
    stepId: run.kind === 'TASK' && first ? first.stepId : ZERO_UUID,
    ...(run.kind === 'TASK' && first
      ? { actionId: first.actionId, retryCount: first.retryCount, attempt: first.retryCount + 1 }
      : {}),
    numSpawnedChildren: tasks.reduce((sum, task) => sum + task.spawnedChildren, 0),
    ...(run.kind === 'DAG' ? { children } : {}),
    ...(run.parentTaskExternalId ? { parentTaskExternalId: run.parentTaskExternalId } : {}),
  };
}

export function presentTaskEvent(
  row: TaskEventRow,
  options: { includePayloads: boolean },
): V1TaskEvent {
  const data = asObject(row.data);
  const error = typeof data.error === 'string' ? data.error : undefined;
  return {
    id: Number(row.id),
    taskId: row.taskExternalId,
    timestamp: row.createdAt.toISOString(),
    eventType: row.eventType,
    message: row.message,
    ...(error ? { errorMessage: error } : {}),
    ...(options.includePayloads && data.output !== undefined
      ? { output: JSON.stringify(data.output) }
      : {}),
    ...(row.workerId ? { workerId: row.workerId } : {}),
    taskDisplayName: row.taskDisplayName,
    retryCount: row.retryCount,
    attempt: row.retryCount + 1,
  };
}
