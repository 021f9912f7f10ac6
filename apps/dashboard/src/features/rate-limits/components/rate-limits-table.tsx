import type { VisibilityState } from '@tanstack/react-table';
import type { ComponentProps } from 'react';
import { DropdownMenuItem, DropdownMenuSeparator } from '@/components/ui/dropdown-menu';
import { RelativeTime } from '@/components/ui/relative-time';
import { RowMenu } from '@/components/ui/row-menu';
import { columnChoicesOf } from '@/components/ui/columns-menu';
import { DataTable } from '@/components/ui/data-table';
import type { DataColumn } from '@/components/ui/data-table';
import type { EmptyContent } from '@/components/ui/table';
import { copyWithToast } from '@/hooks/copy-with-toast';
import { cn } from '@/lib/cn';
import type { RateLimit } from '@/types/api';
import type { UseLevel } from '../utils/rate-limit-info';
import { rateLimitUse, windowLabel } from '../utils/rate-limit-info';

const LEVEL: Record<UseLevel, { dot: string; bar: string; text: string }> = {
  low: { dot: 'bg-green-500', bar: 'bg-green-500', text: 'Room left' },
  high: { dot: 'bg-yellow-500', bar: 'bg-yellow-500', text: 'Half or more used' },
  exhausted: { dot: 'bg-red-500', bar: 'bg-red-500', text: 'Exhausted' },
};

const numberFormat = new Intl.NumberFormat('en');

/** The columns a user may hide, by id, with their headers' names (the Columns menu). */
const HIDEABLE: Record<string, string> = {
  value: 'Value',
  limit: 'Limit',
  lastRefill: 'Last Refill',
  window: 'Window',
};
export const RATE_LIMIT_COLUMN_CHOICES = columnChoicesOf(HIDEABLE);

/**
 * Rate limits by key (reference 5.9): the dot says how much of the window is used, then the
 * units left, the limit, a bar of the use, the last refill and the window. Phones keep the
 * key (with what is left under it), the bar and the menu.
 */
export function RateLimitsTable({
  rows,
  isPending,
  error,
  onRetry,
  canEdit,
  onDelete,
  empty,
  columnVisibility,
}: {
  rows: RateLimit[];
  isPending: boolean;
  error?: string | undefined;
  onRetry: () => void;
  /** MEMBER and up may delete. */
  canEdit: boolean;
  onDelete: (limit: RateLimit) => void;
  empty: EmptyContent;
  /** The columns the user hid (ids of `RATE_LIMIT_COLUMN_CHOICES`). */
  columnVisibility?: VisibilityState;
}) {
  const columns: DataColumn<RateLimit>[] = [
    {
      id: 'key',
      enableHiding: false,
      header: 'Key',
      meta: { cellClassName: 'py-2' },
      cell: ({ row: { original: limit } }) => {
        const level = LEVEL[rateLimitUse(limit).level];
        return (
          <>
            <span className="flex min-w-0 items-center gap-2">
              <span
                className={cn('size-2 shrink-0 rounded-full', level.dot)}
                title={level.text}
                aria-hidden="true"
              />
              <span className="sr-only">{level.text}: </span>
              <span
                className="block max-w-36 truncate font-mono text-[13px] font-medium sm:max-w-72"
                title={limit.key}
              >
                {limit.key}
              </span>
            </span>
            <span className="mt-0.5 block pl-4 text-xs text-muted-foreground sm:hidden">
              {numberFormat.format(limit.value)} of {numberFormat.format(limit.limitValue)} left per{' '}
              {windowLabel(limit.window).toLowerCase()}
            </span>
          </>
        );
      },
    },
    {
      id: 'value',
      header: HIDEABLE.value,
      meta: { className: 'hidden text-right sm:table-cell', cellClassName: 'tabular-nums' },
      cell: ({ row }) => numberFormat.format(row.original.value),
    },
    {
      id: 'limit',
      header: HIDEABLE.limit,
      meta: { className: 'hidden text-right sm:table-cell', cellClassName: 'tabular-nums' },
      cell: ({ row }) => numberFormat.format(row.original.limitValue),
    },
    {
      id: 'used',
      enableHiding: false,
      header: 'Used',
      cell: ({ row: { original: limit } }) => {
        const use = rateLimitUse(limit);
        return (
          <UseBar
            used={use.used}
            limit={limit.limitValue}
            ratio={use.ratio}
            bar={LEVEL[use.level].bar}
          />
        );
      },
    },
    {
      id: 'lastRefill',
      header: HIDEABLE.lastRefill,
      meta: {
        className: 'hidden md:table-cell',
        cellClassName: 'whitespace-nowrap text-muted-foreground',
      },
      cell: ({ row }) => <RelativeTime value={row.original.lastRefill} />,
    },
    {
      id: 'window',
      header: HIDEABLE.window,
      meta: { className: 'hidden sm:table-cell', cellClassName: 'whitespace-nowrap' },
      cell: ({ row }) => windowLabel(row.original.window),
    },
    {
      id: 'actions',
      enableHiding: false,
      meta: { className: 'w-px' },
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row: { original: limit } }) => (
        <RowMenu label={`Actions for ${limit.key}`}>
          <DropdownMenuItem onSelect={() => copyWithToast(limit.key, 'Rate limit key copied')}>
            Copy key
          </DropdownMenuItem>
          {canEdit ? (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem className="text-destructive" onSelect={() => onDelete(limit)}>
                Delete
              </DropdownMenuItem>
            </>
          ) : null}
        </RowMenu>
      ),
    },
  ];

  return (
    <DataTable
      label="Rate limits"
      rows={rows}
      columns={columns}
      getRowId={(limit) => limit.key}
      columnVisibility={columnVisibility}
      rowProps={(row) => ({ 'data-rate-limit-row': row.id }) as ComponentProps<'tr'>}
      isPending={isPending}
      error={error}
      onRetry={onRetry}
      empty={empty}
      loadingRows={10}
      loadingLabel="Loading rate limits"
    />
  );
}

/** The units used in the window as a bar, with the share as text beside it from 640 px. */
function UseBar({
  used,
  limit,
  ratio,
  bar,
}: {
  used: number;
  limit: number;
  ratio: number;
  bar: string;
}) {
  return (
    <span
      className="flex items-center gap-2"
      title={`${numberFormat.format(used)} of ${numberFormat.format(limit)} used`}
    >
      <meter min={0} max={limit || 1} value={used} aria-label="Units used" className="sr-only" />
      <span
        aria-hidden="true"
        className="block h-1.5 w-16 overflow-hidden rounded-full bg-subtle sm:w-24"
      >
        <span
          className={cn('block h-full rounded-full', bar)}
          style={{ width: `${ratio * 100}%` }}
        />
      </span>
      <span className="hidden text-xs text-muted-foreground tabular-nums sm:inline">
        {Math.round(ratio * 100)}%
      </span>
    </span>
  );
}
