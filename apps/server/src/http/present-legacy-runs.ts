import type {
  JobRun,
  JobRunStatus,
  StepRun,
  StepRunArchive,
  StepRunEvent,
  StepRunEventReason,
  StepRunEventSeverity,
  StepRunStatus,
  V1TaskStatus,
  WorkflowRun,
} from '@trellis/api-contract';
import type { TaskStatus } from '@trellis/engine';
import type { LegacyRunRow } from '../read-models/legacy-run.queries';
import type {
  StepRunArchiveRow,
  StepRunEventRow,
  StepRunRow,
} from '../read-models/step-run.queries';
import { asObject, presentLegacyRun } from './present-runs';

/**
 * Runs and tasks in the older (v0) shapes: a run has one job run (the run's id, its version's
 * job) whose step runs are its tasks. Step-run payloads are JSON text there.
 */

const JOB_RUN_STATUS: Record<V1TaskStatus, JobRunStatus> = {
  QUEUED: 'PENDING',
  RUNNING: 'RUNNING',
  COMPLETED: 'SUCCEEDED',
  FAILED: 'FAILED',
  CANCELLED: 'CANCELLED',
};

/** From the engine's own statuses, which tell waiting for parents from waiting for a worker. */
export const STEP_RUN_STATUS: Record<TaskStatus, StepRunStatus> = {
  PENDING: 'PENDING',
  QUEUED: 'PENDING_ASSIGNMENT',
  ASSIGNED: 'ASSIGNED',
  RUNNING: 'RUNNING',
  COMPLETED: 'SUCCEEDED',
  FAILED: 'FAILED',
  CANCELLED: 'CANCELLED',
};

const SEVERITY: Partial<Record<StepRunEventReason, StepRunEventSeverity>> = {
  FAILED: 'CRITICAL',
  TIMED_OUT: 'CRITICAL',
  SCHEDULING_TIMED_OUT: 'CRITICAL',
  RETRYING: 'WARNING',
  CANCELLED: 'WARNING',
  REASSIGNED: 'WARNING',
  REQUEUED_NO_WORKER: 'WARNING',
  REQUEUED_RATE_LIMIT: 'WARNING',
};

function meta(id: string, created: Date, updated: Date = created) {
  return { id, createdAt: created.toISOString(), updatedAt: updated.toISOString() };
}

type StepRunTimes = Pick<
  StepRun,
  | 'startedAt'
  | 'startedAtEpoch'
  | 'finishedAt'
  | 'finishedAtEpoch'
  | 'timeoutAt'
  | 'timeoutAtEpoch'
  | 'cancelledAt'
  | 'cancelledAtEpoch'
>;

/** The times that are set, each with its twin in Unix milliseconds. */
function timesWithEpochs(times: {
  startedAt?: Date | null;
  finishedAt?: Date | null;
  timeoutAt?: Date | null;
  cancelledAt?: Date | null;
}): StepRunTimes {
  const result: Record<string, string | number> = {};
  for (const [name, at] of Object.entries(times)) {
    if (!at) continue;
    result[name] = at.toISOString();
    result[`${name}Epoch`] = at.getTime();
  }
  return result as StepRunTimes;
}

const json = (value: unknown) => JSON.stringify(value);

/** A run's input as step runs carry it: the run's input, as JSON text. */
const inputText = (input: unknown) => json(asObject(input));

export function presentStepRun(row: StepRunRow, tenantId: string): StepRun {
  const status = STEP_RUN_STATUS[row.internalStatus];
  return {
    metadata: meta(row.externalId, row.createdAt),
    tenantId,
    jobRunId: row.runId,
    stepId: row.stepId,
    childWorkflowsCount: row.spawnedChildren,
    parents: row.parentIds,
    ...(row.workerId ? { workerId: row.workerId } : {}),
    input: inputText(row.input),
    ...(row.output !== null ? { output: json(row.output) } : {}),
    status,
    ...(row.error ? { error: row.error } : {}),
    ...timesWithEpochs({
      startedAt: row.startedAt,
      finishedAt: row.finishedAt,
      timeoutAt: row.timeoutAt,
      cancelledAt: status === 'CANCELLED' ? row.finishedAt : null,
    }),
  };
}

/** A run as lists show it: no job runs, and no input unless it was read. */
export function presentLegacyRunRow(run: LegacyRunRow, tenantId: string): WorkflowRun {
  const { input, ...base } = presentLegacyRun(run, tenantId);
  return {
    ...base,
    ...(run.input !== null ? { input } : {}),
    workflowVersion: {
      metadata: meta(run.workflowVersionId, run.versionCreatedAt),
      version: `v${run.versionOrder}`,
      order: run.versionOrder,
      workflowId: run.workflowId,
      workflow: {
        metadata: meta(run.workflowId, run.workflowCreatedAt, run.workflowUpdatedAt),
        name: run.workflowName,
        tenantId,
      },
    },
    triggeredBy: {
      metadata: base.metadata,
      ...(run.parentRunId ? { parentWorkflowRunId: run.parentRunId } : {}),
      ...(run.triggeringEventId ? { eventId: run.triggeringEventId } : {}),
      ...(run.triggeringCronId ? { cronParentId: run.triggeringCronId } : {}),
      ...(run.cronExpression ? { cronSchedule: run.cronExpression } : {}),
    },
    ...(run.parentRunId ? { parentId: run.parentRunId } : {}),
    ...(run.parentTaskExternalId ? { parentStepRunId: run.parentTaskExternalId } : {}),
  };
}

/** A run with its one job run and that job run's step runs (`job`: the version's job). */
export function presentLegacyRunWithJob(
  run: LegacyRunRow,
  stepRuns: readonly StepRunRow[],
  tenantId: string,
  job?: JobRun['job'],
): WorkflowRun {
  const status = JOB_RUN_STATUS[run.status];
  const jobRun: JobRun = {
    metadata: meta(run.id, run.createdAt),
    tenantId,
    workflowRunId: run.id,
    jobId: run.workflowVersionId,
    ...(job ? { job } : {}),
    stepRuns: stepRuns.map((row) => presentStepRun(row, tenantId)),
    status,
    ...(run.startedAt ? { startedAt: run.startedAt.toISOString() } : {}),
    ...(run.finishedAt ? { finishedAt: run.finishedAt.toISOString() } : {}),
    ...(status === 'CANCELLED' && run.finishedAt
      ? { cancelledAt: run.finishedAt.toISOString() }
      : {}),
  };
  const error = stepRuns.find((row) => row.error)?.error;
  return {
    ...presentLegacyRunRow(run, tenantId),
    jobRuns: [jobRun],
    ...(error ? { error } : {}),
  };
}

/** A task event as a step-run event, seen once. */
export function presentStepRunEvent(row: StepRunEventRow): StepRunEvent {
  const reason = row.eventType as StepRunEventReason;
  const at = row.createdAt.toISOString();
  return {
    id: Number(row.id),
    timeFirstSeen: at,
    timeLastSeen: at,
    stepRunId: row.taskExternalId,
    workflowRunId: row.runId,
    reason,
    severity: SEVERITY[reason] ?? 'INFO',
    message: row.message,
    count: 1,
    ...(row.data !== null ? { data: asObject(row.data) } : {}),
  };
}

export function presentStepRunArchive(
  row: StepRunArchiveRow,
  stepRun: Pick<StepRunRow, 'externalId' | 'input'>,
): StepRunArchive {
  return {
    stepRunId: stepRun.externalId,
    order: row.retryCount,
    input: inputText(stepRun.input),
    ...(row.output !== null ? { output: json(row.output) } : {}),
    ...(row.error ? { error: row.error } : {}),
    retryCount: row.retryCount,
    createdAt: row.createdAt.toISOString(),
    ...timesWithEpochs({
      startedAt: row.startedAt,
      finishedAt: row.finishedAt,
      cancelledAt: row.cancelledAt,
    }),
  };
}
