import { ChevronDown, RefreshCw } from 'lucide-react';
import { useId } from 'react';
import { REFETCH_OPTIONS, useRefetchInterval } from '@/hooks/use-refetch-interval';
import type { RefetchOptionKey } from '@/hooks/use-refetch-interval';
import { cn } from '@/lib/cn';

interface RefreshControlProps {
  /** Refetch now. */
  onRefresh: () => void;
  /** Spins the icon while a refetch is in flight. */
  isRefreshing?: boolean;
  className?: string;
}

/**
 * "Refresh" button joined to the auto-refresh choice (Off, 5s, 10s, 30s, 1m, 5m). The
 * choice is global: every list that uses `useRefetchInterval` follows it. While live updates
 * keep the screen fresh, a green "Live" takes the choice's place and the choice folds to its
 * arrow: it still opens, as the fallback for when the stream is down.
 */
export function RefreshControl({
  onRefresh,
  isRefreshing = false,
  className,
}: RefreshControlProps) {
  const { option, setOption, frozen, live } = useRefetchInterval();
  const selectId = useId();
  return (
    <div
      className={cn(
        'inline-flex h-8 items-stretch rounded-md border border-border bg-surface text-[13px] shadow-xs',
        className,
      )}
    >
      <button
        type="button"
        onClick={onRefresh}
        aria-label="Refresh"
        className="inline-flex items-center gap-1.5 rounded-l-md px-2.5 font-medium text-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
      >
        <RefreshCw aria-hidden="true" className={cn('size-3.5', isRefreshing && 'animate-spin')} />
        <span className="hidden sm:inline">Refresh</span>
      </button>
      <span className="w-px bg-border" aria-hidden="true" />
      {live ? (
        <>
          <span
            role="status"
            aria-label="Updates are live"
            title="Updates are live"
            className="inline-flex items-center gap-1.5 px-2.5 font-medium text-foreground"
          >
            <span className="size-2 rounded-full bg-success" aria-hidden="true" />
            Live
          </span>
          <span className="w-px bg-border" aria-hidden="true" />
        </>
      ) : null}
      <label htmlFor={selectId} className="sr-only">
        Auto-refresh interval
      </label>
      <div className="relative flex items-center">
        <select
          id={selectId}
          value={option}
          onChange={(event) => setOption(event.target.value as RefetchOptionKey)}
          title={
            frozen
              ? 'Auto-refresh is paused'
              : live
                ? 'Auto-refresh for when updates are not live'
                : undefined
          }
          className={cn(
            'h-full cursor-pointer appearance-none rounded-r-md bg-transparent pr-6 pl-2 text-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring',
            (option === 'off' || live) && 'w-7 pl-0 text-transparent',
          )}
        >
          {REFETCH_OPTIONS.map((entry) => (
            <option key={entry.key} value={entry.key} className="text-foreground">
              {entry.label}
            </option>
          ))}
        </select>
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute right-1.5 size-3.5 text-muted-foreground"
        />
      </div>
    </div>
  );
}
