import { DropdownMenuItem, DropdownMenuSeparator } from '@/components/ui/dropdown-menu';
import { RelativeTime } from '@/components/ui/relative-time';
import { RowMenu } from '@/components/ui/row-menu';
import {
  Table,
  TableBody,
  TableCell,
  TableEmptyRow,
  TableErrorRow,
  TableHead,
  TableHeader,
  TableLoadingRows,
  TableRow,
} from '@/components/ui/table';
import type { EmptyContent } from '@/components/ui/table';
import { copyWithToast } from '@/hooks/copy-with-toast';
import { cn } from '@/lib/cn';
import type { RateLimit } from '@/types/api';
import type { UseLevel } from '../utils/rate-limit-info';
import { rateLimitUse, windowLabel } from '../utils/rate-limit-info';

const COLUMNS = 7;

const LEVEL: Record<UseLevel, { dot: string; bar: string; text: string }> = {
  low: { dot: 'bg-green-500', bar: 'bg-green-500', text: 'Room left' },
  high: { dot: 'bg-yellow-500', bar: 'bg-yellow-500', text: 'Half or more used' },
  exhausted: { dot: 'bg-red-500', bar: 'bg-red-500', text: 'Exhausted' },
};

const numberFormat = new Intl.NumberFormat('en');

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
}: {
  rows: RateLimit[];
  isPending: boolean;
  error?: string | undefined;
  onRetry: () => void;
  /** MEMBER and up may delete. */
  canEdit: boolean;
  onDelete: (limit: RateLimit) => void;
  empty: EmptyContent;
}) {
  return (
    <Table aria-label="Rate limits" aria-busy={isPending || undefined}>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Key</TableHead>
          <TableHead className="hidden text-right sm:table-cell">Value</TableHead>
          <TableHead className="hidden text-right sm:table-cell">Limit</TableHead>
          <TableHead>Used</TableHead>
          <TableHead className="hidden md:table-cell">Last Refill</TableHead>
          <TableHead className="hidden sm:table-cell">Window</TableHead>
          <TableHead className="w-px">
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {isPending ? (
          <TableLoadingRows columns={COLUMNS} rows={10} label="Loading rate limits" />
        ) : error !== undefined ? (
          <TableErrorRow columns={COLUMNS} message={error} onRetry={onRetry} />
        ) : rows.length === 0 ? (
          <TableEmptyRow columns={COLUMNS} {...empty} />
        ) : (
          rows.map((limit) => {
            const use = rateLimitUse(limit);
            const level = LEVEL[use.level];
            const window = windowLabel(limit.window);
            return (
              <TableRow key={limit.key} data-rate-limit-row={limit.key}>
                <TableCell className="py-2">
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
                    {numberFormat.format(limit.value)} of {numberFormat.format(limit.limitValue)}{' '}
                    left per {window.toLowerCase()}
                  </span>
                </TableCell>
                <TableCell className="hidden text-right tabular-nums sm:table-cell">
                  {numberFormat.format(limit.value)}
                </TableCell>
                <TableCell className="hidden text-right tabular-nums sm:table-cell">
                  {numberFormat.format(limit.limitValue)}
                </TableCell>
                <TableCell>
                  <UseBar
                    used={use.used}
                    limit={limit.limitValue}
                    ratio={use.ratio}
                    bar={level.bar}
                  />
                </TableCell>
                <TableCell className="hidden whitespace-nowrap text-muted-foreground md:table-cell">
                  <RelativeTime value={limit.lastRefill} />
                </TableCell>
                <TableCell className="hidden whitespace-nowrap sm:table-cell">{window}</TableCell>
                <TableCell className="w-px">
                  <RowMenu label={`Actions for ${limit.key}`}>
                    <DropdownMenuItem
                      onSelect={() => copyWithToast(limit.key, 'Rate limit key copied')}
                    >
                      Copy key
                    </DropdownMenuItem>
                    {canEdit ? (
                      <>
                        <DropdownMenuSeparator />
                        <DropdownMenuItem
                          className="text-destructive"
                          onSelect={() => onDelete(limit)}
                        >
                          Delete
                        </DropdownMenuItem>
                      </>
                    ) : null}
                  </RowMenu>
                </TableCell>
              </TableRow>
            );
          })
        )}
      </TableBody>
    </Table>
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
