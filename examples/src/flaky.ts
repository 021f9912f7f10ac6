/** Failure handling: a task that fails twice then succeeds, and one that must not retry. */
import { NonRetryableError } from '@hatchet-dev/typescript-sdk/v1';
import { hatchet } from './hatchet';

export const flaky = hatchet.task({
  name: 'flaky',
  retries: 3,
  backoff: { factor: 1.5, maxSeconds: 2 },
  fn: async (_input, ctx) => {
    if (ctx.retryCount() < 2) throw new Error(`flaky failure on attempt ${ctx.retryCount()}`);
    return { succeededOnAttempt: ctx.retryCount() };
  },
});

export const fatal = hatchet.task({
  name: 'fatal',
  retries: 5,
  fn: async () => {
    throw new NonRetryableError('this task must not retry');
  },
});

/** Fails until replayed: the input's `failUntil` is compared with the attempt number. */
export const failOnce = hatchet.task({
  name: 'fail-once',
  fn: async (_input, ctx) => {
    if (ctx.retryCount() === 0) throw new Error('first attempt fails');
    return { ok: true, attempt: ctx.retryCount() };
  },
});
