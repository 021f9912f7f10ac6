import { CalendarPlus, Trash2 } from 'lucide-react';
import { Suspense, lazy, useState } from 'react';
import { ActionsMenu } from '@/components/ui/actions-menu';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { Pagination } from '@/components/ui/pagination';
import { ColumnsMenu } from '@/components/ui/columns-menu';
import { RefreshControl } from '@/components/ui/refresh-control';
import { Spinner } from '@/components/ui/spinner';
import { listEmpty } from '@/components/ui/table';
import { PANEL_PARAM } from '@/config/screen-links';
import { useColumnVisibility } from '@/hooks/use-column-visibility';
import { useRefetchInterval } from '@/hooks/use-refetch-interval';
import { useSearchParam } from '@/hooks/use-search-param';
import { errorMessage } from '@/lib/api-error';
import { withMetadataFilter } from '@/lib/metadata-filter';
import type { ScheduledWorkflows, Workflow } from '@/types/api';
import { useScheduledRuns } from '../api/list-scheduled-runs';
import { useScheduledRunFilters } from '../hooks/use-scheduled-run-filters';
import {
  DEFAULT_SCHEDULED_RUN_FILTERS,
  activeScheduledRunFilterCount,
  scheduledRunListQuery,
} from '../utils/scheduled-run-filters';
import { DeleteScheduledRunDialog } from './delete-scheduled-run-dialog';
import { RescheduleDialog } from './reschedule-dialog';
import { ScheduledRunsFiltersButton } from './scheduled-runs-filters';
import type { ScheduledRunRowActions } from './scheduled-runs-table';
import { SCHEDULED_RUN_COLUMN_CHOICES, ScheduledRunsTable } from './scheduled-runs-table';

// Opened on demand, so their code stays off the first screen.
const ScheduledRunPanel = lazy(() => import('./scheduled-run-panel'));
const BulkDeleteDialog = lazy(() => import('./bulk-delete-dialog'));

type Pending =
  | { kind: 'reschedule' | 'delete'; scheduled: ScheduledWorkflows }
  | { kind: 'bulk-selection'; ids: string[] }
  | { kind: 'bulk-filter' };

/**
 * The scheduled runs list (reference 5.10): workflow, status and metadata filters in the URL,
 * the scheduled-run panel (deep-linked by `scheduledRun`), and for members Schedule Run,
 * reschedule, delete, and bulk delete of a selection or of everything the filters match.
 */
export function ScheduledRunsPage({
  tenantId,
  canEdit,
  workflows,
  onSchedule,
}: {
  tenantId: string;
  /** MEMBER and up: schedule, reschedule and delete. */
  canEdit: boolean;
  /** Workflows the Workflow filter offers. */
  workflows: Workflow[];
  /** Opens Trigger Run on its Schedule tab (composed by the route). */
  onSchedule: () => void;
}) {
  const { filters, setFilters, pagination, setPagination } = useScheduledRunFilters();
  const [openId, setOpenId] = useSearchParam(PANEL_PARAM.scheduledRun);
  const [selection, setSelection] = useState<Set<string>>(new Set());
  const [pending, setPending] = useState<Pending | undefined>(undefined);
  const { refetchInterval } = useRefetchInterval();
  const columns = useColumnVisibility('scheduled-runs');
  const query = scheduledRunListQuery(filters, {
    offset: pagination.pageIndex * pagination.pageSize,
    limit: pagination.pageSize,
  });
  // Selected rows would move under the cursor: the list holds still while any is selected.
  const list = useScheduledRuns(tenantId, query, {
    refetchInterval: selection.size > 0 ? false : refetchInterval,
  });
  const rows = list.data?.rows ?? [];
  const pageCount = Math.max(1, list.data?.pagination?.num_pages ?? 1);
  const selected = rows
    .filter((row) => selection.has(row.metadata.id))
    .map((row) => row.metadata.id);
  const workflowOptions = workflows.map((workflow) => ({
    value: workflow.metadata.id,
    label: workflow.name,
  }));
  const actions: ScheduledRunRowActions = {
    canEdit,
    onOpen: (scheduled) => setOpenId(scheduled.metadata.id),
    onReschedule: (scheduled) => setPending({ kind: 'reschedule', scheduled }),
    onDelete: (scheduled) => setPending({ kind: 'delete', scheduled }),
  };
  const setPage = (next: { pageIndex: number; pageSize: number }) => {
    setSelection(new Set());
    setPagination(next);
  };
  const close = () => setPending(undefined);

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <div className="@container flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-h-8 items-center gap-2 text-[13px] text-muted-foreground">
          {list.isPending ? <Spinner /> : null}
          {selected.length > 0 ? `${selected.length} selected` : null}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {canEdit ? (
            <>
              <Button size="sm" onClick={onSchedule} aria-label="Schedule Run">
                <CalendarPlus aria-hidden="true" />
                <span className="hidden @lg:inline">Schedule Run</span>
              </Button>
              <ActionsMenu>
                <DropdownMenuItem
                  disabled={selected.length === 0}
                  onSelect={() => setPending({ kind: 'bulk-selection', ids: selected })}
                >
                  <Trash2 aria-hidden="true" />
                  Delete selected
                  <span className="ml-auto text-xs text-muted-foreground">
                    {selected.length > 0 ? `${selected.length} selected` : 'select runs'}
                  </span>
                </DropdownMenuItem>
                <DropdownMenuItem onSelect={() => setPending({ kind: 'bulk-filter' })}>
                  <Trash2 aria-hidden="true" />
                  Delete all matching the filter
                </DropdownMenuItem>
              </ActionsMenu>
            </>
          ) : null}
          <RefreshControl onRefresh={() => void list.refetch()} isRefreshing={list.isFetching} />
          <ScheduledRunsFiltersButton
            filters={filters}
            onChange={setFilters}
            workflows={workflowOptions}
          />
          <ColumnsMenu
            columns={SCHEDULED_RUN_COLUMN_CHOICES}
            hidden={columns.hidden}
            onChange={columns.setHidden}
          />
        </div>
      </div>
      <Card className="overflow-hidden">
        <ScheduledRunsTable
          tenantId={tenantId}
          columnVisibility={columns.visibility}
          rows={rows}
          isPending={list.isPending}
          error={
            list.isError ? `Could not load scheduled runs: ${errorMessage(list.error)}` : undefined
          }
          onRetry={() => void list.refetch()}
          selection={canEdit ? { selection, onSelectionChange: setSelection } : undefined}
          actions={actions}
          onMetadataFilter={(key, value) =>
            setFilters((current) => ({
              ...current,
              metadata: withMetadataFilter(current.metadata, key, value),
            }))
          }
          empty={listEmpty(
            {
              title: 'No runs found',
              description:
                'A scheduled run starts a workflow once, at a time you choose, from code, the API or here.',
              action: canEdit ? (
                <Button variant="outline" onClick={onSchedule}>
                  <CalendarPlus aria-hidden="true" />
                  Schedule Run
                </Button>
              ) : undefined,
            },
            {
              active: activeScheduledRunFilterCount(filters) > 0,
              noMatch: 'No runs found',
              onClear: () => setFilters(() => DEFAULT_SCHEDULED_RUN_FILTERS),
            },
          )}
        />
      </Card>
      <Pagination
        rowCount={list.isSuccess ? rows.length : undefined}
        selected={canEdit ? { count: selected.length, of: rows.length } : undefined}
        pagination={pagination}
        pageCount={pageCount}
        onChange={setPage}
      />

      {openId ? (
        <Suspense fallback={null}>
          <ScheduledRunPanel
            tenantId={tenantId}
            scheduledRunId={openId}
            actions={actions}
            onClose={() => setOpenId(undefined)}
          />
        </Suspense>
      ) : null}
      {pending?.kind === 'reschedule' ? (
        <RescheduleDialog tenantId={tenantId} scheduled={pending.scheduled} onClose={close} />
      ) : null}
      {pending?.kind === 'delete' ? (
        <DeleteScheduledRunDialog
          tenantId={tenantId}
          scheduled={pending.scheduled}
          onClose={close}
          onDeleted={() => {
            if (openId === pending.scheduled.metadata.id) setOpenId(undefined);
            close();
          }}
        />
      ) : null}
      {pending?.kind === 'bulk-selection' || pending?.kind === 'bulk-filter' ? (
        <Suspense fallback={null}>
          <BulkDeleteDialog
            tenantId={tenantId}
            scope={
              // The filter scope follows the filters as they are changed inside the dialog.
              pending.kind === 'bulk-filter'
                ? {
                    kind: 'filter',
                    query,
                    panel: { filters, onChange: setFilters, workflows: workflowOptions },
                  }
                : { kind: 'selection', ids: pending.ids }
            }
            onClose={close}
            onDeleted={() => {
              setSelection(new Set());
              close();
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
