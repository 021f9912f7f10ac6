import { Ban, CircleCheck, CircleX, Clock, Play } from 'lucide-react';
import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { RUN_STATUSES, runStatusStyle } from '@/lib/status';
import type { StatusTone } from '@/lib/status';
import type { V1TaskRunMetric, V1TaskStatus } from '@/types/api';

const ICONS: Record<V1TaskStatus, ReactNode> = {
  COMPLETED: <CircleCheck aria-hidden="true" />,
  RUNNING: <Play aria-hidden="true" />,
  FAILED: <CircleX aria-hidden="true" />,
  CANCELLED: <Ban aria-hidden="true" />,
  QUEUED: <Clock aria-hidden="true" />,
};

const TONES: Partial<Record<StatusTone, { on: string; off: string }>> = {
  green: {
    on: 'bg-green-500/20 text-green-800 dark:text-green-300 border-green-500/40',
    off: 'text-green-700 dark:text-green-400',
  },
  red: {
    on: 'bg-red-500/20 text-red-800 dark:text-red-300 border-red-500/40',
    off: 'text-red-700 dark:text-red-400',
  },
  orange: {
    on: 'bg-orange-500/20 text-orange-800 dark:text-orange-300 border-orange-500/40',
    off: 'text-orange-700 dark:text-orange-400',
  },
  yellow: {
    on: 'bg-yellow-500/20 text-yellow-800 dark:text-yellow-300 border-yellow-500/40',
    off: 'text-yellow-700 dark:text-yellow-400',
  },
  slate: {
    on: 'bg-slate-500/20 text-slate-800 dark:text-slate-300 border-slate-500/40',
    off: 'text-slate-600 dark:text-slate-400',
  },
};

const numberFormat = new Intl.NumberFormat('en');

/** The toolbar's badge-sized buttons: these counts and the Queue metrics badge after them. */
export const TOOLBAR_BADGE_CLASSES =
  'inline-flex h-7 items-center gap-1.5 rounded-md border px-2 text-xs font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-ring [&_svg]:size-3.5';

/**
 * One badge per status with its task count in the window; clicking filters the list
 * (see `toggleStatus`). Filled = shown, outlined = hidden.
 */
export function RunStatusCounts({
  counts,
  isPending,
  selected,
  onToggle,
}: {
  counts: V1TaskRunMetric[] | undefined;
  isPending: boolean;
  /** Statuses shown; empty means all. */
  selected: readonly V1TaskStatus[];
  onToggle: (status: V1TaskStatus) => void;
}) {
  if (isPending && !counts) return <Skeleton className="h-7 w-72" />;
  if (!counts) return null;
  const byStatus = new Map(counts.map((entry) => [entry.status, entry.count]));
  return (
    <ul aria-label="Task counts by status" className="flex flex-wrap items-center gap-1.5">
      {RUN_STATUSES.filter((status) => byStatus.has(status)).map((status) => {
        const style = runStatusStyle(status);
        const on = selected.length === 0 || selected.includes(status);
        const tone = TONES[style.tone];
        const count = numberFormat.format(byStatus.get(status) ?? 0);
        return (
          <li key={status}>
            <button
              type="button"
              aria-pressed={on}
              title={`${count} ${style.label}: click to filter`}
              onClick={() => onToggle(status)}
              className={cn(
                TOOLBAR_BADGE_CLASSES,
                on
                  ? tone?.on
                  : cn('border-border bg-transparent opacity-70 hover:opacity-100', tone?.off),
              )}
            >
              {/* Named by what it shows, "12 Succeeded": the space is for that name only. */}
              <span className="tabular-nums">{count}</span>{' '}
              <span className="hidden @xl:inline">{style.label}</span>
              <span className="@xl:hidden">
                {ICONS[status]}
                <span className="sr-only">{style.label}</span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
