import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { RefreshControl } from '@/components/ui/refresh-control';
import { RelativeTime } from '@/components/ui/relative-time';
import { ColumnsMenu } from '@/components/ui/columns-menu';
import { DataTable, columnChoices } from '@/components/ui/data-table';
import type { DataColumn } from '@/components/ui/data-table';
import { tenantHref } from '@/config/paths';
import { useColumnVisibility } from '@/hooks/use-column-visibility';
import { useRefetchInterval } from '@/hooks/use-refetch-interval';
import { errorMessage } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { WORKER_STATUSES, workerStatusStyle } from '@/lib/status';
import { parseListFilter, readJsonParam, withJsonParam } from '@/lib/url-state';
import type { Worker, WorkerStatus } from '@/types/api';
import { useComposedSearchParams } from '@/hooks/use-composed-search-params';
import { useWorkers } from '../api/list-workers';
import { sdkSummary, slotUsage, sortWorkersNewestFirst } from '../utils/worker-info';
import { SlotUsageList } from './slot-usage';
import { WorkerStatusBadge } from './worker-status-badge';

/** URL key of the reference dashboard: `{s: [statuses]}`. */
export const WORKERS_FILTER_KEY = 'workers-table';
export const DEFAULT_WORKER_STATUSES: readonly WorkerStatus[] = ['ACTIVE', 'PAUSED'];

/** The tenant's workers (heartbeat in the last 24 h), filtered by status in the browser. */
export function WorkersList({ tenantId }: { tenantId: string }) {
  const [searchParams, setSearchParams] = useComposedSearchParams();
  const statuses = parseListFilter(
    readJsonParam(searchParams, WORKERS_FILTER_KEY),
    WORKER_STATUSES,
    DEFAULT_WORKER_STATUSES,
  );
  const { refetchInterval } = useRefetchInterval();
  const workers = useWorkers(tenantId, { refetchInterval });
  const all = workers.data?.rows ?? [];
  const rows = sortWorkersNewestFirst(
    all.filter((worker) => statuses.includes(worker.status ?? 'INACTIVE')),
  );
  const filteredOut = all.length - rows.length;
  const columnVisibility = useColumnVisibility('workers');
  const columns = workerColumns(tenantId);

  const toggle = (status: WorkerStatus) => {
    const next = statuses.includes(status)
      ? statuses.filter((item) => item !== status)
      : [...statuses, status];
    const isDefault =
      next.length === DEFAULT_WORKER_STATUSES.length &&
      DEFAULT_WORKER_STATUSES.every((item) => next.includes(item));
    setSearchParams(
      (previous) =>
        withJsonParam(
          previous,
          WORKERS_FILTER_KEY,
          isDefault ? undefined : { s: WORKER_STATUSES.filter((item) => next.includes(item)) },
        ),
      { replace: true },
    );
  };

  return (
    <>
      <div className="@container mb-3 flex flex-wrap items-center justify-between gap-2">
        <fieldset className="flex flex-wrap items-center gap-1.5">
          <legend className="sr-only">Show workers with status</legend>
          {WORKER_STATUSES.map((status) => {
            const style = workerStatusStyle(status);
            const checked = statuses.includes(status);
            const count = all.filter((worker) => (worker.status ?? 'INACTIVE') === status).length;
            return (
              <label
                key={status}
                className={cn(
                  'inline-flex h-8 cursor-pointer items-center gap-2 rounded-md border px-2.5 text-[13px] font-medium select-none has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                  checked
                    ? 'border-border bg-surface text-foreground shadow-xs'
                    : 'border-dashed border-border text-muted-foreground',
                )}
              >
                <input
                  type="checkbox"
                  checked={checked}
                  onChange={() => toggle(status)}
                  className="size-3.5 accent-[var(--color-primary)]"
                />
                {style.label}
                {workers.isSuccess ? (
                  <span className="text-xs text-muted-foreground tabular-nums">{count}</span>
                ) : null}
              </label>
            );
          })}
        </fieldset>
        <div className="flex items-center gap-2">
          <RefreshControl
            onRefresh={() => void workers.refetch()}
            isRefreshing={workers.isFetching}
          />
          <ColumnsMenu
            columns={columnChoices(columns)}
            hidden={columnVisibility.hidden}
            onChange={columnVisibility.setHidden}
          />
        </div>
      </div>
      <Card className="overflow-hidden">
        <DataTable
          label="Workers"
          rows={rows}
          columns={columns}
          getRowId={(worker) => worker.metadata.id}
          columnVisibility={columnVisibility.visibility}
          isPending={workers.isPending}
          error={
            workers.isError ? `Could not load workers: ${errorMessage(workers.error)}` : undefined
          }
          onRetry={() => void workers.refetch()}
          loadingLabel="Loading workers"
          empty={{
            title: 'No workers found',
            description:
              filteredOut > 0
                ? `${filteredOut} ${filteredOut === 1 ? 'worker is' : 'workers are'} hidden by the status filter.`
                : 'Workers that connected in the last 24 hours show up here. Start one with an API token of this tenant.',
          }}
        />
      </Card>
    </>
  );
}

function workerColumns(tenantId: string): DataColumn<Worker>[] {
  return [
    {
      id: 'name',
      enableHiding: false,
      header: 'Name',
      meta: { cellClassName: 'font-medium' },
      cell: ({ row: { original: worker } }) => {
        const slots = slotUsage(worker);
        return (
          <>
            <Link
              to={tenantHref(tenantId, 'workers/:worker', { worker: worker.metadata.id })}
              className="block max-w-40 truncate rounded-sm hover:underline focus-visible:outline-2 focus-visible:outline-ring sm:max-w-60"
              title={worker.name}
            >
              {worker.name}
            </Link>
            <span className="mt-0.5 block text-xs font-normal text-muted-foreground md:hidden">
              <RelativeTime value={worker.lastHeartbeatAt} />
              {slots.length > 0
                ? ` · ${slots.map((slot) => `${slot.used}/${slot.limit} ${slot.type}`).join(', ')} slots`
                : ''}
            </span>
          </>
        );
      },
    },
    {
      id: 'status',
      enableHiding: false,
      header: 'Status',
      cell: ({ row }) => <WorkerStatusBadge status={row.original.status} />,
    },
    {
      id: 'lastHeartbeat',
      header: 'Last heartbeat',
      meta: {
        className: 'hidden md:table-cell',
        cellClassName: 'whitespace-nowrap text-muted-foreground',
      },
      cell: ({ row }) => <RelativeTime value={row.original.lastHeartbeatAt} />,
    },
    {
      id: 'slots',
      header: 'Slots',
      meta: { className: 'hidden md:table-cell' },
      cell: ({ row }) => <SlotUsageList slots={slotUsage(row.original)} />,
    },
    {
      id: 'sdk',
      header: 'SDK',
      meta: {
        className: 'hidden lg:table-cell',
        cellClassName: 'whitespace-nowrap text-muted-foreground',
      },
      cell: ({ row }) => sdkSummary(row.original) ?? 'N/A',
    },
    {
      id: 'labels',
      header: 'Labels',
      meta: { className: 'hidden lg:table-cell' },
      cell: ({ row: { original: worker } }) =>
        worker.labels && worker.labels.length > 0 ? (
          <span className="flex max-w-56 flex-wrap gap-1">
            {worker.labels.map((label) => (
              <Badge key={label.key} variant="outline" className="font-mono">
                {label.key}:{label.value ?? ''}
              </Badge>
            ))}
          </span>
        ) : (
          <span className="text-muted-foreground">None</span>
        ),
    },
  ];
}
