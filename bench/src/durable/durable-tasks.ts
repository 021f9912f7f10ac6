/**
 * The durable benchmark's tasks: `bench-sleeper` asks the time (a memo), sleeps SLEEP_SECONDS
 * and finishes, asking its worker to evict it after a second of waiting so that thousands of
 * them sleep on a few hundred durable slots; `bench-waiter` waits for the event of its own key.
 * The worker and the load generator both import them.
 */
import { hatchet } from '../engine/noop-task';
import { eventKeyOf, SLEEP_SECONDS } from './durable-constants';

export const benchSleeper = hatchet.durableTask({
  name: 'bench-sleeper',
  retries: 0,
  executionTimeout: '10m',
  evictionPolicy: { ttl: '1s', allowCapacityEviction: true, priority: 0 },
  fn: async (_input: { id: string }, ctx) => {
    await ctx.now();
    await ctx.sleepFor(`${SLEEP_SECONDS}s`);
    return {};
  },
});

export const benchWaiter = hatchet.durableTask({
  name: 'bench-waiter',
  retries: 0,
  executionTimeout: '10m',
  fn: async (input: { id: string }, ctx) => {
    await ctx.waitForEvent(eventKeyOf(input.id));
    return {};
  },
});

export const durableTasks = { sleeper: benchSleeper, waiter: benchWaiter };
export type DurableTask = keyof typeof durableTasks;
