/**
 * Status vocabularies and their colours (reference dashboard section 4): v1 run and task
 * statuses, the older step-run statuses workers report, worker and workflow states.
 */
import type { ScheduledRunStatus, V1TaskStatus, V1TaskSummary, WorkerStatus } from '@/types/api';

/** `sage`: a muted green, for what finished without doing its work (a skipped task). */
export type StatusTone =
  'green' | 'sage' | 'red' | 'orange' | 'yellow' | 'amber' | 'slate' | 'grey';

export interface StatusStyle {
  label: string;
  tone: StatusTone;
}

const RUN_STATUS: Record<V1TaskStatus, StatusStyle> = {
  COMPLETED: { label: 'Succeeded', tone: 'green' },
  FAILED: { label: 'Failed', tone: 'red' },
  CANCELLED: { label: 'Cancelled', tone: 'orange' },
  RUNNING: { label: 'Running', tone: 'yellow' },
  QUEUED: { label: 'Queued', tone: 'slate' },
};

/** Every run and task status, in the order the status filter lists them. */
export const RUN_STATUSES: readonly V1TaskStatus[] = [
  'COMPLETED',
  'RUNNING',
  'FAILED',
  'CANCELLED',
  'QUEUED',
];

/** Finished for good: nothing more happens unless it is replayed. */
export function isTerminalStatus(status: string | undefined): boolean {
  return status === 'COMPLETED' || status === 'FAILED' || status === 'CANCELLED';
}

export function runStatusStyle(status: string | undefined): StatusStyle {
  return RUN_STATUS[status as V1TaskStatus] ?? { label: status ?? 'Unknown', tone: 'grey' };
}

/**
 * A task's status as its badge says it: a task its conditions skipped is COMPLETED, but it is
 * "Skipped", in the green of the reference's SKIPPED event, muted, rather than "Succeeded".
 */
export function taskStatusStyle(task: Pick<V1TaskSummary, 'status' | 'isSkipped'>): StatusStyle {
  if (task.isSkipped && task.status === 'COMPLETED') return { label: 'Skipped', tone: 'sage' };
  return runStatusStyle(task.status);
}

const STEP_RUN_STATUS: Record<string, StatusStyle> = {
  SUCCEEDED: { label: 'Succeeded', tone: 'green' },
  FAILED: { label: 'Failed', tone: 'red' },
  CANCELLED: { label: 'Cancelled', tone: 'orange' },
  CANCELLING: { label: 'Cancelling', tone: 'orange' },
  RUNNING: { label: 'Running', tone: 'yellow' },
  ASSIGNED: { label: 'Assigned', tone: 'yellow' },
  PENDING: { label: 'Pending', tone: 'slate' },
  PENDING_ASSIGNMENT: { label: 'Pending', tone: 'slate' },
  BACKOFF: { label: 'Backoff', tone: 'slate' },
};

/** The step-run vocabulary of a worker's recent tasks (SUCCEEDED, PENDING_ASSIGNMENT, ...). */
export function stepRunStatusStyle(status: string | undefined): StatusStyle {
  return STEP_RUN_STATUS[status ?? ''] ?? { label: 'Unknown', tone: 'grey' };
}

const SCHEDULED_RUN_STATUS: Record<ScheduledRunStatus | 'BACKOFF', StatusStyle> = {
  SCHEDULED: { label: 'Scheduled', tone: 'slate' },
  PENDING: { label: 'Pending', tone: 'slate' },
  QUEUED: { label: 'Queued', tone: 'slate' },
  RUNNING: { label: 'Running', tone: 'yellow' },
  SUCCEEDED: { label: 'Succeeded', tone: 'green' },
  FAILED: { label: 'Failed', tone: 'red' },
  CANCELLED: { label: 'Cancelled', tone: 'orange' },
  BACKOFF: { label: 'Backoff', tone: 'slate' },
};

/**
 * A scheduled run's statuses (reference 4.2, the older run vocabulary the scheduled-runs
 * endpoint filters by), in the order its status filter lists them.
 */
export const SCHEDULED_RUN_STATUSES: readonly ScheduledRunStatus[] = [
  'SCHEDULED',
  'PENDING',
  'QUEUED',
  'RUNNING',
  'SUCCEEDED',
  'FAILED',
  'CANCELLED',
];

/** "Scheduled" (slate) until it fires, then the status of the run it created. */
export function scheduledRunStatusStyle(runStatus: string | undefined): StatusStyle {
  if (runStatus === undefined) return SCHEDULED_RUN_STATUS.SCHEDULED;
  return (
    SCHEDULED_RUN_STATUS[runStatus as ScheduledRunStatus] ?? { label: 'Unknown', tone: 'grey' }
  );
}

const WORKER_STATUS: Record<WorkerStatus, StatusStyle> = {
  ACTIVE: { label: 'Active', tone: 'green' },
  INACTIVE: { label: 'Inactive', tone: 'grey' },
  PAUSED: { label: 'Paused', tone: 'amber' },
};

export const WORKER_STATUSES: readonly WorkerStatus[] = ['ACTIVE', 'PAUSED', 'INACTIVE'];

export function workerStatusStyle(status: string | undefined): StatusStyle {
  return WORKER_STATUS[status as WorkerStatus] ?? { label: 'Unknown', tone: 'grey' };
}

export function workflowStateStyle(isPaused: boolean | undefined): StatusStyle {
  return isPaused ? { label: 'Paused', tone: 'amber' } : { label: 'Active', tone: 'green' };
}
