/**
 * Durable tasks: their waits and memos (`ctx.now()` is one) are kept by the server, so a task
 * that is dispatched again (its worker died, it failed and retries) replays them instead of
 * doing them twice. `durable-sleeper` sleeps, then returns when it first started (the same on
 * every invocation); `durable-waiter` waits for an `order:paid` event of its order, looking
 * back `lookbackSeconds`; `durable-changeling` asks the time on its first invocation and sleeps
 * on its second, which the server refuses as non-deterministic; `durable-parent` spawns
 * `durable-child` runs (each taking `childMs` if given) and returns their outputs, failing once
 * after them if asked (its retry replays the spawn: the children run once); `durable-napper` asks its worker to evict it
 * after a second of waiting, so that it sleeps without holding a slot and comes back, as its
 * next invocation, when its sleep ends; `durable-either` waits for a sleep or an event,
 * whichever comes first, and returns what met the wait.
 */
import { Or } from '@hatchet-dev/typescript-sdk/v1';
import { hatchet } from './hatchet';

export const durableSleeper = hatchet.durableTask({
  name: 'durable-sleeper',
  executionTimeout: '5m',
  retries: 1,
  fn: async (input: { seconds: number; failFirst?: boolean }, ctx) => {
    const startedAt = await ctx.now();
    const { durationMs } = await ctx.sleepFor(`${input.seconds}s`);
    // A failure after the sleep: the retry replays the memos and the sleep, and goes on.
    if (input.failFirst && ctx.invocationCount === 1) throw new Error('failing the first time');
    return {
      startedAt: startedAt.toISOString(),
      sleptMs: durationMs,
      invocation: ctx.invocationCount,
    };
  },
});

export const durableWaiter = hatchet.durableTask({
  name: 'durable-waiter',
  executionTimeout: '5m',
  fn: async (input: { orderId: string; lookbackSeconds?: number }, ctx) => {
    const paid = await ctx.waitForEvent(
      'order:paid',
      `input.orderId == '${input.orderId}'`,
      undefined,
      undefined,
      input.lookbackSeconds === undefined ? undefined : `${input.lookbackSeconds}s`,
    );
    return { paid };
  },
});

export const durableChangeling = hatchet.durableTask({
  name: 'durable-changeling',
  retries: 1,
  fn: async (_input: Record<string, never>, ctx) => {
    if (ctx.invocationCount === 1) {
      await ctx.now();
      throw new Error('failing so that the retry replays');
    }
    await ctx.sleepFor('1s');
    return { replayed: true };
  },
});

export const durableChild = hatchet.task({
  name: 'durable-child',
  fn: async (input: { i: number; ms?: number }) => {
    if (input.ms) await new Promise((resolve) => setTimeout(resolve, input.ms));
    return { doubled: input.i * 2 };
  },
});

export const durableParent = hatchet.durableTask({
  name: 'durable-parent',
  executionTimeout: '5m',
  retries: 1,
  fn: async (input: { n: number; failFirst?: boolean; childMs?: number }, ctx) => {
    const results = await ctx.spawnChildren(
      Array.from({ length: input.n }, (_, i) => ({
        workflow: durableChild,
        input: { i, ms: input.childMs },
      })),
    );
    if (input.failFirst && ctx.invocationCount === 1) throw new Error('failing after the children');
    return { results, invocation: ctx.invocationCount };
  },
});

export const durableNapper = hatchet.durableTask({
  name: 'durable-napper',
  executionTimeout: '5m',
  evictionPolicy: { ttl: '1s', allowCapacityEviction: true, priority: 0 },
  fn: async (input: { seconds: number }, ctx) => {
    const startedAt = await ctx.now();
    await ctx.sleepFor(`${input.seconds}s`);
    return { startedAt: startedAt.toISOString(), invocation: ctx.invocationCount };
  },
});

export const durableEither = hatchet.durableTask({
  name: 'durable-either',
  executionTimeout: '5m',
  fn: async (input: { seconds: number; key: string }, ctx) => ({
    met: await ctx.waitFor(Or({ sleepFor: `${input.seconds}s` }, { eventKey: input.key })),
  }),
});

export const durableWorkflows = [
  durableEither,
  durableNapper,
  durableSleeper,
  durableWaiter,
  durableChangeling,
  durableChild,
  durableParent,
];
