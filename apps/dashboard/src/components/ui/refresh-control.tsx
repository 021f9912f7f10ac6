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
 * choice is global: every list that uses `useRefetchInterval` follows it.
 */
export function RefreshControl({
  onRefresh,
  isRefreshing = false,
  className,
}: RefreshControlProps) {
  const { option, setOption, frozen } = useRefetchInterval();
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
      <label htmlFor={selectId} className="sr-only">
        Auto-refresh interval
      </label>
      <div className="relative flex items-center">
        <select
          id={selectId}
          value={option}
          onChange={(event) => setOption(event.target.value as RefetchOptionKey)}
          title={frozen ? 'Auto-refresh is paused' : undefined}
          className={cn(
            'h-full cursor-pointer appearance-none rounded-r-md bg-transparent pr-6 pl-2 text-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring',
            option === 'off' && 'w-7 pl-0 text-transparent',
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
