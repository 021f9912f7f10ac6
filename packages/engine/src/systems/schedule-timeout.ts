/**
 * Schedule timeouts, found by the deadline scan: a queued attempt no worker took in time is
 * taken off the queue and its task fails (SCHEDULING_TIMED_OUT), unless it was assigned first.
 */
import { deleteQueueItems } from '../queries/task-queue.queries';
import { failTasks } from '../queries/task.queries';
import { BufferedSystem, type Operation } from '../tick/system';
import { attemptKey, type TickContext } from '../tick/tick-context';
import type { AttemptRef } from './attempt-ref';

interface ScheduleTimeoutOp extends AttemptRef, Operation<void> {
  runId: string;
}

const SCHEDULE_TIMEOUT_ERROR = 'Task was not assigned to a worker before its schedule timeout';

export class ScheduleTimeoutSystem extends BufferedSystem<ScheduleTimeoutOp> {
  request(attempt: AttemptRef & { runId: string }): void {
    this.push({ ...attempt });
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
        error: SCHEDULE_TIMEOUT_ERROR,
        finishedAt: new Date(tick.now),
      })),
    );
    for (const t of expired) {
      tick.event({
        tenantId: t.tenantId,
        taskId: t.taskId,
        retryCount: t.retryCount,
        eventType: 'SCHEDULING_TIMED_OUT',
        message: SCHEDULE_TIMEOUT_ERROR,
      });
      tick.touchRun(t.runId, t.tenantId);
    }
  }
}
