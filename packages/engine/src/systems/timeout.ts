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

type TimeoutOp = AttemptRef & Operation<void>;

export class TimeoutSystem extends BufferedSystem<TimeoutOp> {
  request(attempt: AttemptRef): void {
    this.push({ ...attempt });
  }

  async apply(tick: TickContext): Promise<void> {
    if (this.taken.length === 0) return;
    const live = await deleteRuntimes(tick.tx, this.taken.map(attemptKey));
    const tenants = new Map(this.taken.map((t) => [t.taskId, t.tenantId]));
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
        tenantId: tenants.get(r.taskId)!,
        taskId: r.taskId,
        retryCount: r.retryCount,
        error: `Task exceeded its execution timeout of ${policies.get(r.taskId)?.timeoutSeconds ?? '?'}s`,
        data: null,
        retryable: true,
        timedOut: true,
      })),
    );
  }
}
