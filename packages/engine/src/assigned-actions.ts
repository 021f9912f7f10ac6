/** The actions sent to workers: a task or a batch to start (with payloads), or a cancellation. */
import type { DispatchRow } from './queries/attempt.queries';
import type { AssignedActionData, BatchStart } from './types';

/** The part of a running attempt a cancellation needs. */
export interface CancellableAttempt {
  tenantId: string;
  runId: string;
  externalId: string;
  retryCount: number;
  actionId: string;
  assignedAt: number;
  durable?: boolean | undefined;
}

/** Finished tasks of the DAG runs being dispatched: parents' outputs, on-failure errors. */
type FinishedTasks = readonly {
  runId: string;
  readableId: string;
  status: string;
  output: unknown;
  error: string | null;
}[];

export function startAction(row: DispatchRow, finished: FinishedTasks): AssignedActionData {
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
    payload: JSON.stringify(payloadOf(row, finished)),
    additionalMetadata: row.additionalMetadata,
    priority: row.priority,
    childIndex: row.childIndex,
    childKey: row.childKey,
    parentTaskExternalId: row.parentTaskExternalId,
    taskInsertedAt: row.createdAt,
    triggeringEventId: row.triggeringEventId,
    triggeringEventKey: row.triggeringEventKey,
    ...(row.isDurable ? { durableInvocation: durableInvocation(row.retryCount) } : {}),
  };
}

/**
 * A durable task's invocation count: one per dispatch. Every dispatch is a new attempt, so it
 * follows the attempt's retry count.
 */
export function durableInvocation(retryCount: number): number {
  return retryCount + 1;
}

/**
 * One action for a batch: its first member's fields, and a payload that maps each member's
 * task id to its own payload and run, as the SDK's batch handler reads it.
 */
export function batchAction(
  rows: readonly DispatchRow[],
  batch: BatchStart,
  finished: FinishedTasks,
): AssignedActionData {
  const members = Object.fromEntries(
    rows.map((row) => [
      row.externalId,
      { payload: payloadOf(row, finished), workflow_run_id: row.runId },
    ]),
  );
  return {
    ...startAction(rows[0]!, finished),
    kind: 'START_BATCH',
    payload: JSON.stringify(members),
    batch,
  };
}

/** What the SDK parses into the context: input, parents' outputs, triggers, on-failure errors. */
function payloadOf(row: DispatchRow, finished: FinishedTasks): Record<string, unknown> {
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
  return payload;
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
    ...(runtime.durable ? { durableInvocation: durableInvocation(runtime.retryCount) } : {}),
  };
}
