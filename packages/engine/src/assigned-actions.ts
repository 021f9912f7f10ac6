/** The actions sent to workers: a task to start (with its payload) or a cancellation. */
import type { DispatchRow } from './queries/attempt.queries';
import type { AssignedActionData } from './types';

/** The part of a running attempt a cancellation needs. */
export interface CancellableAttempt {
  tenantId: string;
  runId: string;
  externalId: string;
  retryCount: number;
  actionId: string;
  assignedAt: number;
}

export function startAction(
  row: DispatchRow,
  finished: readonly {
    runId: string;
    readableId: string;
    status: string;
    output: unknown;
    error: string | null;
  }[],
): AssignedActionData {
  const siblings = finished.filter((r) => r.runId === row.runId);
  const parents = Object.fromEntries(
    siblings
      .filter(
        (r) => r.status === 'COMPLETED' && (row.parents.includes(r.readableId) || row.isOnFailure),
      )
      .map((r) => [r.readableId, r.output]),
  );
  const payload: Record<string, unknown> = {
    input: row.input,
    parents,
    triggered_by: row.triggeringEventId ? 'event' : 'manual',
    // ctx.filterPayload() reads triggers.filter_payload.
    triggers: row.filterPayload ? { filter_payload: row.filterPayload } : {},
    user_data: {},
    overrides: {},
  };
  if (row.isOnFailure) {
    payload['step_run_errors'] = Object.fromEntries(
      siblings.filter((r) => r.status === 'FAILED').map((r) => [r.readableId, r.error ?? '']),
    );
  }
  return {
    kind: 'START',
    tenantId: row.tenantId,
    workflowRunId: row.runId,
    taskExternalId: row.externalId,
    retryCount: row.retryCount,
    actionId: row.actionId,
    taskName: row.readableId,
    workflowName: row.workflowName,
    workflowId: row.workflowId,
    workflowVersionId: row.workflowVersionId,
    stepId: row.stepId,
    payload: JSON.stringify(payload),
    additionalMetadata: row.additionalMetadata,
    priority: row.priority,
    childIndex: row.childIndex,
    childKey: row.childKey,
    parentTaskExternalId: row.parentTaskExternalId,
    taskInsertedAt: row.createdAt,
    triggeringEventId: row.triggeringEventId,
    triggeringEventKey: row.triggeringEventKey,
  };
}

/** The worker keys its tasks on (task id, retry count): a cancel repeats both. */
export function cancelAction(runtime: CancellableAttempt): AssignedActionData {
  return {
    kind: 'CANCEL',
    tenantId: runtime.tenantId,
    workflowRunId: runtime.runId,
    taskExternalId: runtime.externalId,
    retryCount: runtime.retryCount,
    actionId: runtime.actionId,
    taskName: '',
    workflowName: '',
    workflowId: '',
    workflowVersionId: '',
    stepId: '',
    payload: '',
    additionalMetadata: {},
    priority: 0,
    childIndex: null,
    childKey: null,
    parentTaskExternalId: null,
    taskInsertedAt: new Date(runtime.assignedAt),
    triggeringEventId: null,
    triggeringEventKey: null,
  };
}
