import { Play, Repeat, XCircle } from 'lucide-react';
import { Suspense, lazy, useState } from 'react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ColumnsMenu } from '@/components/ui/columns-menu';
import { ActionsMenu } from '@/components/ui/actions-menu';
import { DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { Pagination } from '@/components/ui/pagination';
import { RefreshControl } from '@/components/ui/refresh-control';
import { Spinner } from '@/components/ui/spinner';
import { useColumnVisibility } from '@/hooks/use-column-visibility';
import { useRefetchInterval } from '@/hooks/use-refetch-interval';
import type { QueryParams } from '@/lib/api-client';
import { errorMessage } from '@/lib/api-error';
import { withMetadataFilter } from '@/lib/metadata-filter';
import { jsonQueryString } from '@/lib/url-state';
import type { Workflow } from '@/types/api';
import type { TaskAction } from '../api/cancel-replay-tasks';
import { useTaskMetrics } from '../api/get-task-metrics';
import { useTaskPointMetrics } from '../api/get-task-point-metrics';
import { useRuns } from '../api/list-runs';
import { useNow } from '@/hooks/use-now';
import { useRunAction } from '../hooks/use-run-action';
import { useOpenTask, useRunFilters } from '../hooks/use-run-filters';
import { zoomRange } from '../utils/run-chart';
import { scopedRunListQuery, scopedTaskFilter } from '../utils/run-scope';
import type { RunScope } from '../utils/run-scope';
import {
  RUNS_COLUMNS_KEY,
  RUNS_FILTER_KEY,
  resolveTimeRange,
  runListQuery,
  serializeRunFilters,
  taskFilterBody,
  toggleStatus,
} from '../utils/run-filters';
import type { BulkScope } from './bulk-action-dialog';
import { QueueMetricsButton } from './queue-metrics-button';
import { RunStatusCounts } from './run-status-counts';
import { RunsChart } from './runs-chart';
import { RunsFiltersButton } from './runs-filters';
import { RUN_COLUMN_CHOICES, RunsTable } from './runs-table';

// Opened on demand, so their code stays off the first screen.
const TaskPanel = lazy(() => import('./task-panel'));
const BulkActionDialog = lazy(() => import('./bulk-action-dialog'));
const QueueMetricsDialog = lazy(() => import('./queue-metrics-dialog'));

/**
 * The runs list (reference 5.1): chart, status counts, queue metrics, filters in the URL, the
 * table with expandable DAG rows, bulk cancel and replay, Trigger Run, and the task panel.
 */
export function RunsPage({
  tenantId,
  workflows,
  onTriggerRun,
  viewsControl,
  exportControl,
  within,
}: {
  tenantId: string;
  /** Workflows the Workflow filter offers. */
  workflows: Workflow[];
  /** Opens Trigger Run (composed by the route); no Trigger Run button without it. */
  onTriggerRun?: () => void;
  /** The saved views control (composed by the route), given this list's view state. */
  viewsControl?: (state: string) => ReactNode;
  /** The export control (composed by the route), given the list's current query. */
  exportControl?: (query: QueryParams) => ReactNode;
  /**
   * Embedded in another screen (a workflow's, a worker's): its runs only, with filters, counts,
   * bulk actions and pages of its own, and no tenant-wide chart or queue metrics.
   */
  within?: RunScope;
}) {
  const { filters, setFilters, pagination, setPagination } = useRunFilters(within?.tableKey);
  const openTask = useOpenTask();
  // A preset window ("last day") moves with the clock: re-read it every minute.
  const now = useNow(!filters.customRange, 60_000);
  const range = resolveTimeRange(filters, now);
  const { refetchInterval } = useRefetchInterval();
  const [selection, setSelection] = useState<Set<string>>(new Set());
  const [bulkAction, setBulkAction] = useState<TaskAction | undefined>(undefined);
  const [queueMetricsOpen, setQueueMetricsOpen] = useState(false);
  const action = useRunAction(tenantId);
  const columns = useColumnVisibility('runs', RUNS_COLUMNS_KEY);
  // What a saved view of this list holds: its filters and the columns shown.
  const viewState = jsonQueryString({
    [RUNS_FILTER_KEY]: serializeRunFilters(filters),
    [RUNS_COLUMNS_KEY]: columns.hidden,
  });

  const query = scopedRunListQuery(
    runListQuery(filters, range, {
      offset: pagination.pageIndex * pagination.pageSize,
      limit: pagination.pageSize,
    }),
    within,
  );
  // Selected rows would move under the cursor: the list holds still while any is selected.
  const runs = useRuns(tenantId, query, {
    refetchInterval: selection.size > 0 ? false : refetchInterval,
  });
  const metrics = useTaskMetrics(
    tenantId,
    {
      since: range.since,
      until: range.until,
      workflow_ids: query.workflow_ids,
      additional_metadata: query.additional_metadata,
      worker_id: within?.workerId,
    },
    { refetchInterval },
  );
  const chartRange = {
    createdAfter: range.since,
    finishedBefore: range.until ?? new Date(now).toISOString(),
  };
  const points = useTaskPointMetrics(tenantId, chartRange, { refetchInterval, enabled: !within });

  const rows = runs.data?.rows ?? [];
  const pageCount = Math.max(1, runs.data?.pagination?.num_pages ?? 1);
  const selectedRuns = rows
    .filter((row) => selection.has(row.metadata.id))
    .map((row) => ({ id: row.metadata.id, name: row.displayName }));
  const panel = {
    filters,
    onChange: setFilters,
    workflows,
    currentRange: range,
    hideWorkflows: Boolean(within?.workflowId),
    hideFlatten: Boolean(within?.workerId),
  };
  const scope: BulkScope =
    selectedRuns.length > 0
      ? { kind: 'selection', runs: selectedRuns }
      : { kind: 'filter', query, panel };

  const refresh = () => void Promise.all([runs.refetch(), metrics.refetch(), points.refetch()]);
  const setPage = (next: { pageIndex: number; pageSize: number }) => {
    setSelection(new Set());
    setPagination(next);
  };

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      {within ? null : (
        <RunsChart
          points={points.data?.results}
          isPending={points.isPending}
          onZoom={(first, last) => {
            const zoom = zoomRange(points.data?.results ?? [], first, last);
            if (zoom) setFilters((current) => ({ ...current, customRange: true, ...zoom }));
          }}
        />
      )}
      <div className="@container flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-h-8 items-center gap-2">
          {runs.isPending ? <Spinner className="text-muted-foreground" /> : null}
          <RunStatusCounts
            counts={metrics.data}
            isPending={metrics.isPending}
            selected={filters.statuses}
            onToggle={(status) =>
              setFilters((current) => ({
                ...current,
                statuses: toggleStatus(current.statuses, status),
              }))
            }
          />
          {within ? null : <QueueMetricsButton onOpen={() => setQueueMetricsOpen(true)} />}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {onTriggerRun ? (
            <Button size="sm" onClick={onTriggerRun} aria-label="Trigger Run">
              <Play aria-hidden="true" />
              <span className="hidden @lg:inline">Trigger Run</span>
            </Button>
          ) : null}
          <ActionsMenu>
            <DropdownMenuItem onSelect={() => setBulkAction('cancel')}>
              <XCircle aria-hidden="true" />
              Cancel
              <span className="ml-auto text-xs text-muted-foreground">
                {selectedRuns.length > 0 ? `${selectedRuns.length} selected` : 'all matching'}
              </span>
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => setBulkAction('replay')}>
              <Repeat aria-hidden="true" />
              Replay
              <span className="ml-auto text-xs text-muted-foreground">
                {selectedRuns.length > 0 ? `${selectedRuns.length} selected` : 'all matching'}
              </span>
            </DropdownMenuItem>
          </ActionsMenu>
          {exportControl?.(query)}
          <RefreshControl onRefresh={refresh} isRefreshing={runs.isFetching} />
          <RunsFiltersButton {...panel} />
          <ColumnsMenu
            columns={RUN_COLUMN_CHOICES}
            hidden={columns.hidden}
            onChange={columns.setHidden}
          />
          {viewsControl?.(viewState)}
        </div>
      </div>
      <Card className="overflow-hidden">
        <RunsTable
          tenantId={tenantId}
          label="Runs"
          rows={rows}
          isPending={runs.isPending}
          error={runs.isError ? `Could not load runs: ${errorMessage(runs.error)}` : undefined}
          onRetry={() => void runs.refetch()}
          selection={selection}
          onSelectionChange={setSelection}
          columnVisibility={columns.visibility}
          onOpenTask={(task) =>
            openTask.open({ taskId: task.metadata.id, runId: task.workflowRunExternalId })
          }
          onMetadataFilter={(key, value) =>
            setFilters((current) => ({
              ...current,
              metadata: withMetadataFilter(current.metadata, key, value),
            }))
          }
          empty={{
            title: 'No runs found',
            description:
              'Nothing matches these filters in this time range. Widen the range, clear the filters, or trigger a run.',
          }}
        />
      </Card>
      <Pagination
        rowCount={runs.isSuccess ? rows.length : undefined}
        selected={{ count: selection.size, of: rows.length }}
        pagination={pagination}
        pageCount={pageCount}
        onChange={setPage}
      />

      {bulkAction ? (
        <Suspense fallback={null}>
          <BulkActionDialog
            tenantId={tenantId}
            action={bulkAction}
            scope={scope}
            pending={action.isPending}
            onClose={() => setBulkAction(undefined)}
            onConfirm={() => {
              const selectionBody =
                scope.kind === 'selection'
                  ? { externalIds: scope.runs.map((run) => run.id) }
                  : { filter: scopedTaskFilter(taskFilterBody(filters, range), within) };
              action.run(bulkAction, selectionBody, () => {
                setBulkAction(undefined);
                setSelection(new Set());
              });
            }}
          />
        </Suspense>
      ) : null}
      {queueMetricsOpen ? (
        <Suspense fallback={null}>
          <QueueMetricsDialog tenantId={tenantId} onClose={() => setQueueMetricsOpen(false)} />
        </Suspense>
      ) : null}
      {openTask.taskId && openTask.runId ? (
        <Suspense fallback={null}>
          <TaskPanel
            tenantId={tenantId}
            runId={openTask.runId}
            taskId={openTask.taskId}
            onClose={() => openTask.open(undefined)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
