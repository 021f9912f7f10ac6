/**
 * Concurrency limits, one workflow per strategy. Each task sleeps `ms` and reports when it ran,
 * so the tests (and anyone trying them) can see who overlapped with whom.
 */
import { ConcurrencyLimitStrategy } from '@hatchet-dev/typescript-sdk/v1';
import { hatchet } from './hatchet';

// Type aliases, not interfaces: the SDK wants inputs and outputs assignable to JSON objects.
export type SpanInput = {
  key: string;
  ms: number;
  label?: string;
  tier?: string;
};

export type Span = {
  key: string;
  label: string | null;
  startedAt: number;
  endedAt: number;
};

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new Error('aborted'));
    });
  });
}

async function span(input: SpanInput, signal: AbortSignal): Promise<Span> {
  const startedAt = Date.now();
  await sleep(input.ms, signal);
  return { key: input.key, label: input.label ?? null, startedAt, endedAt: Date.now() };
}

const perKey = (limitStrategy: ConcurrencyLimitStrategy, maxRuns: number | string = 1) => ({
  expression: 'input.key',
  maxRuns,
  limitStrategy,
});

/** One run per customer at a time; customers take turns. */
export const perCustomer = hatchet.task({
  name: 'per-customer',
  concurrency: perKey(ConcurrencyLimitStrategy.GROUP_ROUND_ROBIN),
  fn: (input: SpanInput, ctx) => span(input, ctx.abortController.signal),
});

/** The newest run of a key wins; the one running is cancelled. */
export const latestWins = hatchet.task({
  name: 'latest-wins',
  concurrency: perKey(ConcurrencyLimitStrategy.CANCEL_IN_PROGRESS),
  fn: (input: SpanInput, ctx) => span(input, ctx.abortController.signal),
});

/** The running one is kept; runs arriving meanwhile are cancelled. */
export const firstWins = hatchet.task({
  name: 'first-wins',
  concurrency: perKey(ConcurrencyLimitStrategy.CANCEL_NEWEST),
  fn: (input: SpanInput, ctx) => span(input, ctx.abortController.signal),
});

/** Debounce: one runs, and only the newest of those waiting runs after it. */
export const debounced = hatchet.task({
  name: 'debounced',
  concurrency: perKey(ConcurrencyLimitStrategy.CANCEL_QUEUED_EXCEPT_NEWEST),
  fn: (input: SpanInput, ctx) => span(input, ctx.abortController.signal),
});

/** One runs, and only the oldest of those waiting runs after it. */
export const throttled = hatchet.task({
  name: 'throttled',
  concurrency: perKey(ConcurrencyLimitStrategy.CANCEL_QUEUED_EXCEPT_OLDEST),
  fn: (input: SpanInput, ctx) => span(input, ctx.abortController.signal),
});

/** Premium customers may run three at once, others one: the limit is a CEL expression. */
export const tiered = hatchet.task({
  name: 'tiered',
  concurrency: perKey(
    ConcurrencyLimitStrategy.GROUP_ROUND_ROBIN,
    "input.tier == 'premium' ? 3 : 1",
  ),
  fn: (input: SpanInput, ctx) => span(input, ctx.abortController.signal),
});

/** Two limits at once: at most two per key, and at most one per label. */
export const twoKeys = hatchet.task({
  name: 'two-keys',
  concurrency: [
    perKey(ConcurrencyLimitStrategy.GROUP_ROUND_ROBIN, 2),
    {
      expression: 'input.label',
      maxRuns: 1,
      limitStrategy: ConcurrencyLimitStrategy.GROUP_ROUND_ROBIN,
    },
  ],
  fn: (input: SpanInput, ctx) => span(input, ctx.abortController.signal),
});

/** A DAG run holds its key from its first task to its last: one pipeline per key at a time. */
export const pipeline = hatchet.workflow<SpanInput>({
  name: 'pipeline',
  concurrency: perKey(ConcurrencyLimitStrategy.GROUP_ROUND_ROBIN),
});
const extract = pipeline.task({
  name: 'extract',
  fn: (input, ctx) => span(input, ctx.abortController.signal),
});
pipeline.task({
  name: 'load',
  parents: [extract],
  fn: (input, ctx) => span(input, ctx.abortController.signal),
});

/** One limit shared by two workflows: a key is held by either of them. */
const sharedLimit = {
  name: 'shared-per-key',
  isTenantScoped: true,
  ...perKey(ConcurrencyLimitStrategy.GROUP_ROUND_ROBIN),
};
export const sharedA = hatchet.task({
  name: 'shared-a',
  concurrency: sharedLimit,
  fn: (input: SpanInput, ctx) => span(input, ctx.abortController.signal),
});
export const sharedB = hatchet.task({
  name: 'shared-b',
  concurrency: sharedLimit,
  fn: (input: SpanInput, ctx) => span(input, ctx.abortController.signal),
});

export const concurrencyWorkflows = [
  perCustomer,
  latestWins,
  firstWins,
  debounced,
  throttled,
  tiered,
  twoKeys,
  pipeline,
  sharedA,
  sharedB,
];
