import { Loader, Minus, Plus, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/cn';
import { useNow } from '@/hooks/use-now';
import {
  attemptBars,
  axisTicks,
  collapse,
  initiallyExpanded,
  tickLabel,
  timeExtent,
  timeOrigin,
  visibleItems,
} from '../utils/waterfall';
import type { TimingRow } from '../utils/waterfall';
import { WaterfallAttemptBar } from './waterfall-attempt-bar';

/**
 * A waterfall of the run's tasks: for each attempt of each, how long it waited in the queue
 * (grey) and ran (coloured by how it ended), on one time axis from the run's first task. Tasks
 * with child runs expand into them; clicking a row opens the task.
 */
export function RunWaterfall({
  rows,
  selectedTaskId,
  onOpenTask,
}: {
  rows: TimingRow[];
  selectedTaskId?: string | undefined;
  onOpenTask: (row: TimingRow) => void;
}) {
  const [expanded, setExpanded] = useState<Set<string>>(() => initiallyExpanded(rows));
  const [showAll, setShowAll] = useState<Set<string>>(new Set());
  const live = rows.some((row) => row.status === 'RUNNING' || row.status === 'QUEUED');
  const now = useNow(live);
  const origin = timeOrigin(rows);
  if (rows.length === 0 || origin === undefined) {
    return (
      <p className="text-sm text-muted-foreground">No task of this run has been queued yet.</p>
    );
  }
  const items = visibleItems(rows, expanded, showAll);
  const extent = timeExtent(rows, origin, now);
  const ticks = axisTicks(extent);
  const percent = (ms: number) => `${(ms / extent) * 100}%`;

  return (
    <div
      role="table"
      aria-label="Waterfall"
      className="overflow-x-auto rounded-lg border border-border bg-surface"
    >
      <div className="min-w-[36rem]">
        <div
          role="row"
          className="flex h-6 border-b border-border text-[10px] text-muted-foreground"
        >
          <div role="columnheader" className="w-[180px] shrink-0 px-2 leading-6">
            Task
          </div>
          <div
            role="columnheader"
            className="relative flex-1"
            aria-label="Time since the first task was queued"
          >
            {ticks.map((tick) => (
              <span
                key={tick}
                // Centred on its grid line, except at the ends, where it would be cut off.
                className={cn(
                  'absolute top-0 leading-6',
                  tick === 0
                    ? 'translate-x-0'
                    : tick > extent * 0.95
                      ? '-translate-x-full pr-1'
                      : '-translate-x-1/2',
                )}
                style={{ left: percent(tick) }}
              >
                {tickLabel(tick)}
              </span>
            ))}
          </div>
        </div>
        {items.map((item) => {
          if (item.kind === 'more') {
            return (
              <div role="row" key={`more-${item.parentId}`} className="flex h-[34px] items-center">
                <div
                  role="cell"
                  className="w-[180px] shrink-0 px-2"
                  style={{ paddingLeft: `${0.5 + item.depth * 0.75}rem` }}
                >
                  <button
                    type="button"
                    onClick={() => setShowAll(new Set([...showAll, item.parentId]))}
                    className="text-xs text-indigo-600 hover:underline dark:text-indigo-400"
                  >
                    Show {item.hidden} more...
                  </button>
                </div>
              </div>
            );
          }
          const { row } = item;
          const bars = attemptBars(row, origin, now);
          const selected = row.id === selectedTaskId;
          return (
            <div
              role="row"
              key={row.id}
              data-waterfall-row={row.name}
              className={cn(
                'group flex h-[34px] items-center hover:bg-muted/40',
                selected && 'bg-accent/40',
              )}
            >
              <div
                role="rowheader"
                className="flex w-[180px] shrink-0 items-center gap-1 pr-2"
                style={{ paddingLeft: `${0.5 + row.depth * 0.75}rem` }}
              >
                {item.hasChildren ? (
                  <button
                    type="button"
                    aria-label={item.expanded ? 'Collapse children' : 'Expand children'}
                    title={item.expanded ? 'Collapse children' : 'Expand children'}
                    aria-expanded={item.expanded}
                    onClick={() =>
                      setExpanded(
                        item.expanded
                          ? collapse(rows, expanded, row.id)
                          : new Set([...expanded, row.id]),
                      )
                    }
                    className="rounded-sm p-0.5 text-muted-foreground hover:bg-muted hover:text-foreground"
                  >
                    {item.expanded ? <Minus className="size-3" /> : <Plus className="size-3" />}
                  </button>
                ) : null}
                {row.status === 'QUEUED' && !bars.some((bar) => bar.started) ? (
                  <Loader
                    className="size-3 shrink-0 animate-[spin_3s_linear_infinite] text-muted-foreground"
                    aria-label="Not started yet"
                  />
                ) : null}
                <button
                  type="button"
                  onClick={() => onOpenTask(row)}
                  title={row.name}
                  className={cn(
                    'min-w-0 truncate text-left font-mono text-xs hover:underline',
                    selected && 'underline',
                  )}
                >
                  {row.name}
                </button>
                {bars.length > 1 ? <AttemptCount attempt={bars.at(-1)!.attempt.attempt} /> : null}
              </div>
              <div role="cell" className="relative h-full flex-1">
                {ticks.map((tick) => (
                  <span
                    key={tick}
                    aria-hidden="true"
                    className="absolute inset-y-0 w-px bg-border/60"
                    style={{ left: percent(tick) }}
                  />
                ))}
                {bars.length === 0 ? <NeverRan status={row.status} /> : null}
                {bars.map((bar) => (
                  <WaterfallAttemptBar
                    key={bar.attempt.attempt}
                    taskName={row.name}
                    bar={bar}
                    attempts={bars.length}
                    percent={percent}
                    onClick={() => onOpenTask(row)}
                  />
                ))}
              </div>
            </div>
          );
        })}
      </div>
    </div>
  );
}

/**
 * A task that ended without an attempt: one that is COMPLETED was skipped (its conditions, or
 * its parents all skipped), one CANCELLED was cancelled before it was queued. Said in its row,
 * which would otherwise be empty.
 */
function NeverRan({ status }: { status: TimingRow['status'] }) {
  const label =
    status === 'COMPLETED' ? 'Skipped' : status === 'CANCELLED' ? 'Cancelled before it ran' : null;
  if (!label) return null;
  return (
    <span className="absolute inset-y-0 left-2 flex items-center text-xs italic text-muted-foreground">
      {label}
    </span>
  );
}

/** Beside a retried task's name: which attempt it is on, so retries stand out in a long list. */
function AttemptCount({ attempt }: { attempt: number }) {
  return (
    <span
      title={`Attempt ${attempt}`}
      className="ml-auto inline-flex shrink-0 items-center gap-0.5 font-mono text-[10px] text-muted-foreground"
    >
      <RotateCcw className="size-2.5" aria-hidden="true" />
      <span className="sr-only">attempt</span>
      {attempt}
    </span>
  );
}
