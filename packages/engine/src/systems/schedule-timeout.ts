/**
 * Queued attempts that will never be assigned: schedule timeouts, found by the deadline scan
 * (no worker took the attempt in time: SCHEDULING_TIMED_OUT), and rate limit errors, found by
 * the scheduler (its key does not exist, or it needs more than the limit: RATE_LIMIT_ERROR).
 * The attempt is taken off the queue and its task fails, unless it was assigned first.
 */
import { deleteQueueItems } from '../queries/task-queue.queries';
import { failTasks } from '../queries/task.queries';
import { BufferedSystem, type Operation } from '../tick/system';
import { attemptKey, type TickContext } from '../tick/tick-context';
import type { AttemptRef } from './attempt-ref';

/** Why the attempt fails: its event and the task's error. */
export interface QueuedFailure {
  eventType: 'SCHEDULING_TIMED_OUT' | 'RATE_LIMIT_ERROR';
  message: string;
}

interface ScheduleTimeoutOp extends AttemptRef, Operation<void> {
  runId: string;
  failure: QueuedFailure;
}

const SCHEDULE_TIMEOUT: QueuedFailure = {
  eventType: 'SCHEDULING_TIMED_OUT',
  message: 'Task was not assigned to a worker before its schedule timeout',
};

export class ScheduleTimeoutSystem extends BufferedSystem<ScheduleTimeoutOp> {
  request(attempt: AttemptRef & { runId: string }, failure = SCHEDULE_TIMEOUT): void {
    this.push({
      tenantId: attempt.tenantId,
      taskId: attempt.taskId,
      retryCount: attempt.retryCount,
      runId: attempt.runId,
      failure,
    });
  }

  async apply(tick: TickContext): Promise<void> {
    if (this.taken.length === 0) return;
    const removed = new Set(await deleteQueueItems(tick.tx, this.taken.map(attemptKey)));
    const expired = this.taken.filter((t) => removed.has(t.taskId));
    if (expired.length === 0) return;
    tick.outcome.dequeued.push(...expired.map((t) => t.taskId));
    await failTasks(
      tick.tx,
      expired.map((t) => ({
        taskId: t.taskId,
        error: t.failure.message,
        finishedAt: new Date(tick.now),
      })),
    );
    for (const t of expired) {
      tick.event({
        tenantId: t.tenantId,
        taskId: t.taskId,
        retryCount: t.retryCount,
        eventType: t.failure.eventType,
        message: t.failure.message,
      });
      tick.touchRun(t.runId, t.tenantId);
    }
  }
}
