import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** One measure drawn in every bar (queued, running), in its own colour. */
export interface BarSeries {
  name: string;
  /** SVG fill class of its segment. */
  fill: string;
  /** Background class of its legend swatch and count. */
  swatch: string;
}

export interface BarRow {
  label: string;
  /** One value per series, in the order of `series`. */
  values: number[];
  /** A line under the bar. */
  note?: ReactNode;
}

const numberFormat = new Intl.NumberFormat('en');
const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/**
 * Horizontal bars on one scale, one per row, the series stacked left to right: the label and
 * the counts above, the bar under them, so long queue names fit a phone. Plain SVG, as the
 * runs chart is. The counts are text, so the list reads without the picture.
 */
export function HorizontalBars({
  label,
  series,
  rows,
}: {
  /** Accessible name of the list. */
  label: string;
  series: BarSeries[];
  rows: BarRow[];
}) {
  const max = Math.max(1, ...rows.map((row) => sum(row.values)));
  return (
    <div className="grid gap-3">
      {series.length > 1 ? (
        <p className="flex flex-wrap items-center gap-3 text-xs text-muted-foreground">
          {series.map((entry) => (
            <span key={entry.name} className="inline-flex items-center gap-1.5">
              <span className={cn('size-2 rounded-sm', entry.swatch)} aria-hidden="true" />
              {entry.name}
            </span>
          ))}
        </p>
      ) : null}
      <ul aria-label={label} className="grid gap-2.5">
        {rows.map((row) => {
          const starts = row.values.map((_, index) => sum(row.values.slice(0, index)));
          return (
            <li key={row.label} className="grid gap-1">
              <div className="flex min-w-0 items-baseline justify-between gap-3 text-[13px]">
                <span className="truncate font-mono" title={row.label}>
                  {row.label}
                </span>
                <span className="flex shrink-0 gap-2 text-muted-foreground tabular-nums">
                  {row.values.map((value, index) =>
                    series.length > 1 ? (
                      <span key={series[index]!.name}>
                        <span className="text-foreground">{numberFormat.format(value)}</span>{' '}
                        {series[index]!.name.toLowerCase()}
                      </span>
                    ) : (
                      <span key={series[index]!.name} className="text-foreground">
                        {numberFormat.format(value)}
                      </span>
                    ),
                  )}
                </span>
              </div>
              <svg
                aria-hidden="true"
                viewBox={`0 0 ${max} 1`}
                preserveAspectRatio="none"
                className="block h-2.5 w-full overflow-hidden rounded-sm"
              >
                <rect x={0} y={0} width={max} height={1} className="fill-subtle" />
                {row.values.map((value, index) => (
                  <rect
                    key={series[index]!.name}
                    x={starts[index]}
                    y={0}
                    width={value}
                    height={1}
                    className={series[index]!.fill}
                  />
                ))}
              </svg>
              {row.note ? <p className="text-xs text-muted-foreground">{row.note}</p> : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
