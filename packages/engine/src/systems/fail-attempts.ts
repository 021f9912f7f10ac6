/**
 * What follows a failed attempt, whoever reported it (the worker, a timeout, the reassignment
 * limit): the attempt's FAILED event, as the reference records every failed attempt, then a new
 * attempt after the step's backoff while the task has retries left (RETRYING), else the task's
 * final failure, which touches its run.
 */
import { retryDelayMs } from '../backoff';
import {
  failTasks,
  findRetryPolicies,
  requeueTasks,
  type RetryPolicyRow,
} from '../queries/task.queries';
import type { TickContext } from '../tick/tick-context';

/** An attempt already removed from the running set, and why it failed. */
export interface FailedAttempt {
  tenantId: string;
  taskId: string;
  retryCount: number;
  error: string;
  data: unknown;
  retryable: boolean;
  timedOut: boolean;
  /** When it failed: the worker's time of its report, or the deadline that ended it. */
  at: Date;
}

export async function failAttempts(
  tick: TickContext,
  attempts: readonly FailedAttempt[],
): Promise<void> {
  if (attempts.length === 0) return;
  const policies = new Map(
    (
      await findRetryPolicies(
        tick.tx,
        attempts.map((a) => a.taskId),
      )
    ).map((p) => [p.id, p]),
  );
  const retries: { taskId: string; error: string; spendsRetry: boolean }[] = [];
  const finals: { taskId: string; error: string; finishedAt: Date }[] = [];
  for (const attempt of attempts) {
    const policy = policies.get(attempt.taskId)!;
    const base = {
      tenantId: attempt.tenantId,
      taskId: attempt.taskId,
      retryCount: attempt.retryCount,
      createdAt: attempt.at,
    };
    if (attempt.timedOut) {
      tick.event({ ...base, eventType: 'TIMED_OUT', message: attempt.error });
    }
    tick.event({ ...base, eventType: 'FAILED', message: attempt.error, data: attempt.data });
    if (attempt.retryable && policy.appRetryCount < policy.retries) {
      retries.push({ taskId: attempt.taskId, error: attempt.error, spendsRetry: true });
      const delay = retryDelay(policy);
      tick.event({
        ...base,
        eventType: 'RETRYING',
        message: `Retry ${policy.appRetryCount + 1} of ${policy.retries}${delay > 0 ? ` in ${delay / 1000}s` : ''}`,
      });
    } else {
      finals.push({ taskId: attempt.taskId, error: attempt.error, finishedAt: attempt.at });
      tick.touchRun(policy.runId, attempt.tenantId);
    }
  }
  if (finals.length > 0) await failTasks(tick.tx, finals);
  if (retries.length === 0) return;
  const tenants = new Map(attempts.map((a) => [a.taskId, a.tenantId]));
  for (const { id, retryCount } of await requeueTasks(tick.tx, retries)) {
    const policy = policies.get(id)!;
    const tenantId = tenants.get(id)!;
    tick.queueTask({ ...policy, tenantId }, retryCount, tick.now + retryDelay(policy));
  }
}

/** The backoff before the retry that follows the task's current failure. */
function retryDelay(policy: RetryPolicyRow): number {
  return retryDelayMs(policy.appRetryCount + 1, policy.backoffFactor, policy.backoffMaxSeconds);
}
