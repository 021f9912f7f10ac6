/**
 * The flow control benchmark's tasks, all no-ops: the plain one (the engine benchmark's), one
 * limited to one run per key at a time (GROUP_ROUND_ROBIN), and one spending a unit of a static
 * rate limit. The worker and the trigger client both import them.
 */
import { ConcurrencyLimitStrategy } from '@hatchet-dev/typescript-sdk/v1';
import { hatchet, noop } from '../engine/noop-task';

export type FlowInput = { key: string };

export const RATE_LIMIT_KEY = 'bench-flow-limit';

export const keyed = hatchet.task({
  name: 'bench-keyed',
  concurrency: {
    expression: 'input.key',
    maxRuns: 1,
    limitStrategy: ConcurrencyLimitStrategy.GROUP_ROUND_ROBIN,
  },
  fn: async (_input: FlowInput) => ({}),
});

export const limited = hatchet.task({
  name: 'bench-limited',
  rateLimits: [{ staticKey: RATE_LIMIT_KEY, units: 1 }],
  fn: async (_input: FlowInput) => ({}),
});

export const flowTasks = { noop, keyed, limited } as const;
export type FlowTask = keyof typeof flowTasks;
