/**
 * Task event types as the activity tables show them (reference 4.3): a title and a
 * severity that colours the dot.
 */
export type EventSeverity = 'info' | 'warning' | 'critical';

const EVENT_TYPES: Record<string, { title: string; severity: EventSeverity }> = {
  CREATED: { title: 'Created', severity: 'info' },
  QUEUED: { title: 'Queued', severity: 'info' },
  REQUEUED_NO_WORKER: { title: 'Requeuing (no worker available)', severity: 'warning' },
  REQUEUED_RATE_LIMIT: { title: 'Requeuing (rate limit)', severity: 'warning' },
  ASSIGNED: { title: 'Assigned to worker', severity: 'info' },
  SENT_TO_WORKER: { title: 'Sent to worker', severity: 'info' },
  ACKNOWLEDGED: { title: 'Acknowledged by worker', severity: 'info' },
  STARTED: { title: 'Started', severity: 'info' },
  FINISHED: { title: 'Completed', severity: 'info' },
  FAILED: { title: 'Failed', severity: 'critical' },
  CANCELLED: { title: 'Cancelled', severity: 'critical' },
  RETRYING: { title: 'Retrying', severity: 'warning' },
  RETRIED_BY_USER: { title: 'Replayed by user', severity: 'warning' },
  REASSIGNED: { title: 'Reassigned', severity: 'warning' },
  TIMED_OUT: { title: 'Execution timed out', severity: 'critical' },
  SCHEDULING_TIMED_OUT: { title: 'Scheduling timed out', severity: 'critical' },
  TIMEOUT_REFRESHED: { title: 'Timeout refreshed', severity: 'info' },
  SLOT_RELEASED: { title: 'Slot released', severity: 'info' },
  RATE_LIMIT_ERROR: { title: 'Rate limit error', severity: 'critical' },
  SKIPPED: { title: 'Skipped', severity: 'info' },
  COULD_NOT_SEND_TO_WORKER: { title: 'Could not send to worker', severity: 'warning' },
  DURABLE_EVICTED: { title: 'Evicted while it waits', severity: 'info' },
  DURABLE_RESTORING: { title: 'Restoring', severity: 'info' },
};

export function taskEventStyle(eventType: string | undefined): {
  title: string;
  severity: EventSeverity;
} {
  return EVENT_TYPES[eventType ?? ''] ?? { title: 'Unknown', severity: 'info' };
}

/** Error text split into its message (first line) and the stack or detail below it. */
export function splitError(error: string): { message: string; stack: string } {
  const text = error.trim();
  const newline = text.indexOf('\n');
  if (newline < 0) return { message: text, stack: '' };
  return { message: text.slice(0, newline).trim(), stack: text.slice(newline + 1).trimEnd() };
}

interface RecordedEvent {
  id: number;
  taskId: string;
  attempt?: number | undefined;
}

/**
 * Newest first, in the order the engine recorded them. Timestamps cannot order them: a
 * worker's start, finish and failure carry the worker's clock (kept between the assignment and
 * the report's arrival), so they tie with, or land a few ms before, events the server stamped
 * in the same instant; ids follow each task's causal order (failed, retrying, queued again).
 */
export function newestFirst<T extends RecordedEvent>(events: readonly T[]): T[] {
  return [...events].sort((a, b) => b.id - a.id);
}

/** Tasks that ran more than once: their rows say which attempt each is, the first one too. */
export function retriedTasks(events: readonly RecordedEvent[]): Set<string> {
  return new Set(events.filter((event) => (event.attempt ?? 1) > 1).map((event) => event.taskId));
}
