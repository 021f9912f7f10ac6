/**
 * Reassignments, found by the deadline scan: an attempt whose worker stopped sending heartbeats,
 * or that its worker never started within the grace. The task gets a new attempt on the queue
 * (REASSIGNED) without spending one of its retries; after MAX_INTERNAL_RETRIES it fails.
 */
import { deleteRuntimes } from '../queries/task-runtime.queries';
import { findRetryPolicies, requeueTasks } from '../queries/task.queries';
import { BufferedSystem, type Operation } from '../tick/system';
import { attemptKey, type TickContext } from '../tick/tick-context';
import type { AttemptRef } from './attempt-ref';
import { failAttempts, type FailedAttempt } from './fail-attempts';

/** Reassignments (lost worker, never started) a task may go through before it fails. */
export const MAX_INTERNAL_RETRIES = 10;

interface ReassignOp extends AttemptRef, Operation<void> {
  reason: string;
}

export class ReassignmentSystem extends BufferedSystem<ReassignOp> {
  request(attempt: AttemptRef, reason: string): void {
    this.push({ ...attempt, reason });
  }

  async apply(tick: TickContext): Promise<void> {
    if (this.taken.length === 0) return;
    const live = await deleteRuntimes(tick.tx, this.taken.map(attemptKey));
    const ops = new Map(this.taken.map((r) => [r.taskId, r]));
    if (live.length === 0) return;
    tick.outcome.endedRuntimes.push(...live.map((r) => r.taskId));
    const policies = new Map(
      (
        await findRetryPolicies(
          tick.tx,
          live.map((r) => r.taskId),
        )
      ).map((p) => [p.id, p]),
    );
    const requeue: { taskId: string; error: null; spendsRetry: false }[] = [];
    const exhausted: FailedAttempt[] = [];
    for (const runtime of live) {
      const op = ops.get(runtime.taskId)!;
      const policy = policies.get(runtime.taskId)!;
      tick.event({
        tenantId: op.tenantId,
        taskId: op.taskId,
        retryCount: runtime.retryCount,
        eventType: 'REASSIGNED',
        workerId: runtime.workerId,
        message: op.reason,
      });
      const reassignments = policy.retryCount - policy.appRetryCount - policy.evictionCount;
      if (reassignments >= MAX_INTERNAL_RETRIES) {
        exhausted.push({
          tenantId: op.tenantId,
          taskId: op.taskId,
          retryCount: runtime.retryCount,
          error: `Task was reassigned ${MAX_INTERNAL_RETRIES} times (last: ${op.reason})`,
          data: null,
          retryable: false,
          timedOut: false,
          at: new Date(tick.now),
        });
      } else {
        requeue.push({ taskId: runtime.taskId, error: null, spendsRetry: false });
      }
    }
    await failAttempts(tick, exhausted);
    if (requeue.length === 0) return;
    for (const { id, retryCount } of await requeueTasks(tick.tx, requeue)) {
      const tenantId = ops.get(id)!.tenantId;
      tick.queueTask({ ...policies.get(id)!, tenantId }, retryCount);
    }
  }
}
