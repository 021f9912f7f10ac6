/**
 * Concurrency strategies as the screens name them: what happens to a run that arrives at a
 * key already at its limit. The workflow page lists them and a waiting task names the one
 * holding it back, so both read the same words from here.
 */
import type { ConcurrencySetting } from '@/types/api';

export type ConcurrencyStrategy = ConcurrencySetting['limitStrategy'];

const STRATEGIES: Record<ConcurrencyStrategy, { label: string; description: string }> = {
  GROUP_ROUND_ROBIN: {
    label: 'Group round robin',
    description: 'Runs wait for room; the keys take turns.',
  },
  CANCEL_IN_PROGRESS: {
    label: 'Cancel in progress',
    description: 'The newest run wins: the oldest holders beyond the limit are cancelled.',
  },
  CANCEL_NEWEST: {
    label: 'Cancel newest',
    description: 'The runs holding the key carry on; a run arriving at the limit is cancelled.',
  },
  CANCEL_QUEUED_EXCEPT_NEWEST: {
    label: 'Cancel queued except newest',
    description: 'Only the newest waiting runs are kept; older waiting runs are cancelled.',
  },
  CANCEL_QUEUED_EXCEPT_OLDEST: {
    label: 'Cancel queued except oldest',
    description: 'Only the oldest waiting runs are kept; newer waiting runs are cancelled.',
  },
  // The SDK's deprecated names, which the engine reads as their successors.
  DROP_NEWEST: {
    label: 'Drop newest',
    description: 'Deprecated name of Cancel newest: a run arriving at the limit is cancelled.',
  },
  QUEUE_NEWEST: {
    label: 'Queue newest',
    description: 'Deprecated name of Group round robin: runs wait for room.',
  },
};

/** "Group round robin"; an unknown strategy is shown as it came. */
export function concurrencyStrategyLabel(strategy: string): string {
  return STRATEGIES[strategy as ConcurrencyStrategy]?.label ?? strategy;
}

/** One sentence on what the strategy does at the limit; empty for an unknown one. */
export function concurrencyStrategyDescription(strategy: string): string {
  return STRATEGIES[strategy as ConcurrencyStrategy]?.description ?? '';
}
