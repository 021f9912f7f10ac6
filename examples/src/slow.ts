/**
 * Long-running tasks: one that outlives its timeout, one to cancel, one that streams; and slow
 * work with retries (a task, a DAG, a parent of children, a keyed task) that carries on across a
 * server's crash or takeover.
 */
import { ConcurrencyLimitStrategy } from '@hatchet-dev/typescript-sdk/v1';
import { hatchet } from './hatchet';

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new Error('aborted'));
    });
  });
}

export const tooSlow = hatchet.task({
  name: 'too-slow',
  executionTimeout: '2s',
  fn: async (_input, ctx) => {
    await sleep(60_000, ctx.abortController.signal);
    return { finished: true };
  },
});

export const slow = hatchet.task({
  name: 'slow',
  executionTimeout: '5m',
  fn: async (input: { ms: number }, ctx) => {
    await sleep(input.ms, ctx.abortController.signal);
    return { sleptMs: input.ms, worker: process.env['WORKER_NAME'] ?? 'worker' };
  },
});

export const streamer = hatchet.task({
  name: 'streamer',
  fn: async (input: { chunks: number }, ctx) => {
    // Give the client time to subscribe; stored chunks are replayed to late subscribers anyway.
    await sleep(300);
    for (let i = 0; i < input.chunks; i++) {
      await ctx.putStream(`chunk-${i}`);
      await ctx.logger.info(`sent chunk ${i}`);
    }
    return { chunks: input.chunks };
  },
});

/**
 * Slow work with retries: if the server is down longer than the SDK keeps retrying a result
 * (about 13 s), the SDK reports the attempt as FAILED, and a retry runs it again.
 */
export const resilient = hatchet.task({
  name: 'resilient',
  retries: 3,
  executionTimeout: '5m',
  fn: async (input: { ms: number }) => {
    await sleep(input.ms);
    return { sleptMs: input.ms };
  },
});

/** A DAG of slow steps with retries, for the same reason: `first` feeds `second`. */
export const resilientDag = hatchet.workflow<{ ms: number }>({ name: 'resilient-dag' });
const resilientFirst = resilientDag.task({
  name: 'first',
  retries: 3,
  fn: async (input) => {
    await sleep(input.ms);
    return { step: 1 };
  },
});
resilientDag.task({
  name: 'second',
  parents: [resilientFirst],
  retries: 3,
  fn: async (input, ctx) => {
    await sleep(input.ms);
    return { step: (await ctx.parentOutput(resilientFirst)).step + 1 };
  },
});

/** A parent with retries that runs `n` resilient children and counts what came back. */
export const resilientParent = hatchet.task({
  name: 'resilient-parent',
  retries: 3,
  executionTimeout: '5m',
  fn: async (input: { ms: number; n: number }) => {
    const children = await resilient.run(Array.from({ length: input.n }, () => ({ ms: input.ms })));
    return { children: children.length };
  },
});

/** Slow work with retries, one run per `key` at a time (keys take turns). */
export const resilientKeyed = hatchet.task({
  name: 'resilient-keyed',
  retries: 3,
  concurrency: {
    expression: 'input.key',
    maxRuns: 1,
    limitStrategy: ConcurrencyLimitStrategy.GROUP_ROUND_ROBIN,
  },
  fn: async (input: { ms: number; key: string }) => {
    await sleep(input.ms);
    return { key: input.key };
  },
});
