/**
 * Rate limits: a task that spends one unit of a static limit (put with
 * `hatchet.ratelimits.upsert`, or `run.ts --rate-limit`), and one that spends a per-user limit
 * created on first use.
 */
import { RateLimitDuration } from '@hatchet-dev/typescript-sdk/v1';
import { hatchet } from './hatchet';

export const callApi = hatchet.task({
  name: 'call-api',
  rateLimits: [{ staticKey: 'external-api', units: 1 }],
  fn: async (input: { n: number }) => ({ called: input.n }),
});

export const notifyUser = hatchet.task({
  name: 'notify-user',
  rateLimits: [
    { dynamicKey: 'input.user', units: 1, limit: 2, duration: RateLimitDuration.MINUTE },
  ],
  fn: async (input: { user: string }) => ({ notified: input.user }),
});

export const rateLimitWorkflows = [callApi, notifyUser];
