/**
 * The events scenario's workflows: `bench-event-0` … `bench-event-<n-1>`, each a no-op task
 * returning when it started, like `bench-noop`. All of them listen on `bench:*` and each declares
 * one filter of the scope `bench`, `input.route == <i>`: every event pushed with that key and
 * scope is routed over all n workflows' filters and triggers exactly the one its `route` names.
 */
import { nowMs } from '../lib/stats';
import { hatchet, type NoopOutput } from './noop-task';

export const EVENT_KEY = 'bench:event';
export const EVENT_SCOPE = 'bench';
const EVENT_TRIGGER = 'bench:*';

export type EventInput = {
  /** Unique per event: the worker counts duplicates with it. */
  id: string;
  /** Which workflow's filter lets it in (0 … n-1). */
  route: number;
  /** performance.timeOrigin + performance.now() in the generator when it pushed the event. */
  pushedAt: number;
  /** The generator's phase, so the worker counts each phase's runs apart. */
  phase: string;
};

/** Called by the worker for every execution (set by the worker process). */
export const eventExecutions: {
  onRun?: (route: number, input: EventInput, startedAt: number) => void;
} = {};

export function eventWorkflows(count: number) {
  return Array.from({ length: count }, (_, route) =>
    hatchet.task({
      name: `bench-event-${route}`,
      retries: 0,
      onEvents: [EVENT_TRIGGER],
      defaultFilters: [
        { scope: EVENT_SCOPE, expression: `input.route == ${route}`, payload: { route } },
      ],
      fn: async (input: EventInput): Promise<NoopOutput> => {
        const startedAt = nowMs();
        eventExecutions.onRun?.(route, input, startedAt);
        return { startedAt };
      },
    }),
  );
}
