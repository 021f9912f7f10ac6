import type { ComponentProps } from 'react';
import type { TenantResourceLimit } from '@trellis/api-contract';
import { DataTable } from '@/components/ui/data-table';
import type { DataColumn } from '@/components/ui/data-table';
import { RelativeTime } from '@/components/ui/relative-time';
import { useRefetchInterval } from '@/hooks/use-refetch-interval';
import { errorMessage } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { useResourcePolicy } from '../api/get-resource-policy';
import type { LimitLevel } from '../utils/resource-limit-info';
import { RESOURCE_NAMES, limitLevel, meterWindowLabel } from '../utils/resource-limit-info';

const LEVEL: Record<LimitLevel, { dot: string; text: string }> = {
  fine: { dot: 'bg-green-500', text: 'Within its limit' },
  alarm: { dot: 'bg-yellow-500', text: 'At or past its alarm value' },
  exhausted: { dot: 'bg-red-500', text: 'Limit reached' },
};

const numberFormat = new Intl.NumberFormat('en');
const NOT_APPLICABLE = <span className="text-muted-foreground">N/A</span>;
const NUMBER_COLUMN = { className: 'text-right', cellClassName: 'tabular-nums' };

/**
 * The tenant's resource limits (reference 5.16.6), following the auto-refresh choice: a dot
 * for how close each is, its use now, its limit, its alarm value, the window its use counts
 * over and when that window began. Phones keep the resource, its use and its limit.
 */
export function ResourceLimitsTable({ tenantId }: { tenantId: string }) {
  const { refetchInterval } = useRefetchInterval();
  const policy = useResourcePolicy(tenantId, { refetchInterval });
  const columns: DataColumn<TenantResourceLimit>[] = [
    {
      id: 'resource',
      header: 'Resource',
      cell: ({ row: { original: limit } }) => {
        const level = LEVEL[limitLevel(limit)];
        return (
          <span className="flex items-center gap-2">
            <span
              className={cn('size-2 shrink-0 rounded-full', level.dot)}
              title={level.text}
              aria-hidden="true"
            />
            <span className="sr-only">{level.text}: </span>
            <span className="font-medium">{RESOURCE_NAMES[limit.resource]}</span>
          </span>
        );
      },
    },
    {
      id: 'value',
      header: 'Current Value',
      meta: NUMBER_COLUMN,
      cell: ({ row }) => numberFormat.format(row.original.value),
    },
    {
      id: 'limitValue',
      header: 'Limit Value',
      meta: NUMBER_COLUMN,
      cell: ({ row }) => numberFormat.format(row.original.limitValue),
    },
    {
      id: 'alarmValue',
      header: 'Alarm Value',
      meta: { className: 'hidden text-right sm:table-cell', cellClassName: 'tabular-nums' },
      cell: ({ row: { original: limit } }) =>
        limit.alarmValue === undefined ? NOT_APPLICABLE : numberFormat.format(limit.alarmValue),
    },
    {
      id: 'window',
      header: 'Meter Window',
      meta: { className: 'hidden sm:table-cell', cellClassName: 'whitespace-nowrap' },
      cell: ({ row: { original: limit } }) =>
        limit.window === undefined ? NOT_APPLICABLE : meterWindowLabel(limit.window),
    },
    {
      id: 'lastRefill',
      header: 'Last Refill',
      meta: {
        className: 'hidden md:table-cell',
        cellClassName: 'whitespace-nowrap text-muted-foreground',
      },
      cell: ({ row: { original: limit } }) =>
        limit.window === undefined || limit.lastRefill === undefined ? (
          NOT_APPLICABLE
        ) : (
          <RelativeTime value={limit.lastRefill} />
        ),
    },
  ];

  return (
    <DataTable
      label="Resource limits"
      rows={policy.data?.limits ?? []}
      columns={columns}
      getRowId={(limit) => limit.resource}
      rowProps={(row) =>
        ({
          'data-resource-limit-row': row.original.resource,
          'data-level': limitLevel(row.original),
        }) as ComponentProps<'tr'>
      }
      isPending={policy.isPending}
      error={
        policy.isError ? `Could not load resource limits: ${errorMessage(policy.error)}` : undefined
      }
      onRetry={() => void policy.refetch()}
      loadingRows={7}
      loadingLabel="Loading resource limits"
      empty={{
        title: 'No resource limits',
        description:
          'This server enforces no resource limits: this tenant may use as much as the server can give it. An operator turns limits on with TRELLIS_RESOURCE_LIMITS=on.',
      }}
    />
  );
}
