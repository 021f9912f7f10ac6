/**
 * The life of a task (see README.md for the diagram). Statuses live on `tasks.status`; every
 * transition also appends a task event named after the reference's V1TaskEventType.
 */
export const TASK_STATUSES = [
  'PENDING',
  'QUEUED',
  'ASSIGNED',
  'RUNNING',
  'COMPLETED',
  'FAILED',
  'CANCELLED',
] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const FINAL_TASK_STATUSES: ReadonlySet<TaskStatus> = new Set([
  'COMPLETED',
  'FAILED',
  'CANCELLED',
]);

export function isFinal(status: TaskStatus): boolean {
  return FINAL_TASK_STATUSES.has(status);
}

/** The reference's V1TaskEventType values this engine records. */
export type TaskEventType =
  | 'CREATED'
  | 'QUEUED'
  | 'ASSIGNED'
  | 'SENT_TO_WORKER'
  | 'STARTED'
  | 'FINISHED'
  | 'FAILED'
  | 'RETRYING'
  | 'CANCELLED'
  | 'TIMED_OUT'
  | 'REASSIGNED'
  | 'SCHEDULING_TIMED_OUT'
  | 'RETRIED_BY_USER'
  | 'REQUEUED_RATE_LIMIT'
  | 'RATE_LIMIT_ERROR'
  | 'DURABLE_EVICTED'
  | 'DURABLE_RESTORING'
  | 'SKIPPED';

export type RunStatus = 'QUEUED' | 'RUNNING' | 'COMPLETED' | 'FAILED' | 'CANCELLED';

/** A run's final status once all its tasks are final: any failure wins, then any cancel. */
export function finalRunStatus(statuses: readonly TaskStatus[]): RunStatus | undefined {
  if (!statuses.every(isFinal)) return undefined;
  if (statuses.includes('FAILED')) return 'FAILED';
  if (statuses.includes('CANCELLED')) return 'CANCELLED';
  return 'COMPLETED';
}
