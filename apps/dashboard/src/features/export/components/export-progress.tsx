import { cn } from '@/lib/cn';

const numberFormat = new Intl.NumberFormat('en');

/**
 * Rows received of the total, as text and as a bar. Without a total the bar is indeterminate;
 * rows created during the export can pass the total, so the bar stops at full.
 */
export function ExportProgressBar({
  rows,
  total,
  label,
}: {
  rows: number;
  total: number | undefined;
  /** What is counted: "runs", "events". */
  label: string;
}) {
  const percent = total ? Math.min(100, Math.round((rows / total) * 100)) : total === 0 ? 100 : 0;
  return (
    <div className="grid gap-2">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span data-testid="export-progress-text" className="text-foreground tabular-nums">
          {numberFormat.format(rows)}
          {total === undefined ? '' : ` of ${numberFormat.format(total)}`} {label}
        </span>
        {total === undefined ? null : (
          <span className="text-xs text-muted-foreground tabular-nums">{percent}%</span>
        )}
      </div>
      <div
        role="progressbar"
        aria-label={`Exported ${label}`}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={total === undefined ? undefined : Math.min(rows, total)}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn(
            'h-full rounded-full bg-primary transition-[width] duration-150',
            total === undefined && 'w-1/3 animate-pulse',
          )}
          style={total === undefined ? undefined : { width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
