/**
 * Execution timeouts, found by the deadline scan: the attempt ends (TIMED_OUT), the worker is
 * told to stop it, and the task is retried or fails as after any failure.
 */
import { deleteRuntimes } from '../queries/task-runtime.queries';
import { findRetryPolicies } from '../queries/task.queries';
import { BufferedSystem, type Operation } from '../tick/system';
import { attemptKey, type TickContext } from '../tick/tick-context';
import type { AttemptRef } from './attempt-ref';
import { failAttempts } from './fail-attempts';

interface TimeoutOp extends AttemptRef, Operation<void> {
  /** The deadline that passed. */
  at: Date;
}

export class TimeoutSystem extends BufferedSystem<TimeoutOp> {
  request(attempt: AttemptRef, deadline: Date): void {
    this.push({ ...attempt, at: deadline });
  }

  async apply(tick: TickContext): Promise<void> {
    if (this.taken.length === 0) return;
    const live = await deleteRuntimes(tick.tx, this.taken.map(attemptKey));
    const ops = new Map(this.taken.map((t) => [t.taskId, t]));
    const policies = new Map(
      (
        await findRetryPolicies(
          tick.tx,
          live.map((r) => r.taskId),
        )
      ).map((p) => [p.id, p]),
    );
    tick.outcome.endedRuntimes.push(...live.map((r) => r.taskId));
    tick.outcome.cancelOnWorker.push(...live.map((r) => r.taskId));
    await failAttempts(
      tick,
      live.map((r) => ({
        tenantId: ops.get(r.taskId)!.tenantId,
        taskId: r.taskId,
        retryCount: r.retryCount,
        error: `Task exceeded its execution timeout of ${policies.get(r.taskId)?.timeoutSeconds ?? '?'}s`,
        data: null,
        retryable: true,
        timedOut: true,
        at: ops.get(r.taskId)!.at,
      })),
    );
  }
}
