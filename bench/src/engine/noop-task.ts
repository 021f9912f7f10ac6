/**
 * The benchmark's task: a no-op that returns when it started (wall clock, sub-millisecond),
 * so trigger→start latency = startedAt − the trigger time the load generator put in the input.
 * The worker and the load generator both import it (the generator only to trigger it).
 */
import { HatchetClient } from '@hatchet-dev/typescript-sdk/v1';
import { nowMs } from '../lib/stats';

export const hatchet = HatchetClient.init();

export type NoopInput = {
  /** Unique per run: the worker counts duplicates with it. */
  id: string;
  /** performance.timeOrigin + performance.now() in the generator when it triggered the run. */
  triggeredAt: number;
};

export type NoopOutput = {
  startedAt: number;
};

/** Called by the worker for every execution (set by the worker process). */
export const executions: { onRun?: (input: NoopInput) => void } = {};

export const noop = hatchet.task({
  name: 'bench-noop',
  retries: 0,
  fn: async (input: NoopInput): Promise<NoopOutput> => {
    const startedAt = nowMs();
    executions.onRun?.(input);
    return { startedAt };
  },
});
