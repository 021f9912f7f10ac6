import { Loader, Minus, Plus } from 'lucide-react';
import { useState } from 'react';
import { formatDuration } from '@/lib/format';
import { cn } from '@/lib/cn';
import type { V1TaskStatus } from '@/types/api';
import { useNow } from '../hooks/use-now';
import {
  axisTicks,
  barSegments,
  collapse,
  initiallyExpanded,
  tickLabel,
  timeExtent,
  timeOrigin,
  visibleItems,
} from '../utils/waterfall';
import type { TimingRow } from '../utils/waterfall';

/** Bar colours of the running part, per status (reference 4.1). */
const RUN_COLOURS: Record<V1TaskStatus, string> = {
  COMPLETED: '#10b981',
  FAILED: '#ef4444',
  CANCELLED: '#f97316',
  RUNNING: '#f59e0b',
  QUEUED: '#6b7280',
};

/**
 * A waterfall of the run's tasks: for each, how long it waited in the queue (grey) and ran
 * (coloured by status), on one time axis from the run's first task. Tasks with child runs
 * expand into them; clicking a row opens the task.
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
                className="absolute top-0 -translate-x-1/2 leading-6 first:translate-x-0"
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
          const bar = barSegments(row, origin, now);
          const selected = row.id === selectedTaskId;
          const queueText = formatDuration(bar.queueMs);
          const runText = bar.started ? formatDuration(bar.runMs) : 'not started';
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
                {!bar.started && row.status === 'QUEUED' ? (
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
                <button
                  type="button"
                  onClick={() => onOpenTask(row)}
                  title={`${row.name}\nQueue time: ${queueText}\nRunning time: ${runText}`}
                  aria-label={`${row.name}: queued ${queueText}, running ${runText}`}
                  className="absolute top-1/2 flex h-3.5 -translate-y-1/2 overflow-hidden rounded-sm focus-visible:outline-2 focus-visible:outline-ring"
                  style={{
                    left: percent(bar.offsetMs),
                    width: `max(3px, ${percent(bar.queueMs + bar.runMs)})`,
                  }}
                >
                  <span className="h-full bg-zinc-400/30" style={{ flexGrow: bar.queueMs }} />
                  <span
                    className="h-full opacity-90"
                    style={{ flexGrow: bar.runMs, backgroundColor: RUN_COLOURS[row.status] }}
                  />
                </button>
              </div>
            </div>
          );
        })}
      </div>
    </div>
  );
}
