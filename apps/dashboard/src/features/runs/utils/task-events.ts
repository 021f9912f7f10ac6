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
