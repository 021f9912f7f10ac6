import { Plus } from 'lucide-react';
import { Suspense, lazy, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
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
import type { CronWorkflows, Workflow } from '@/types/api';
import { useCrons } from '../api/list-crons';
import { useCronActions } from '../hooks/use-cron-actions';
import { useCronFilters } from '../hooks/use-cron-filters';
import { DEFAULT_CRON_FILTERS, activeCronFilterCount, cronListQuery } from '../utils/cron-filters';
import { CronsFiltersButton } from './crons-filters';
import type { CronRowActions } from './crons-table';
import { CRON_COLUMN_CHOICES, CronsTable } from './crons-table';
import { DeleteCronDialog } from './delete-cron-dialog';

// Opened on demand, so its code stays off the first screen.
const CronPanel = lazy(() => import('./cron-panel'));

/**
 * The cron jobs list (reference 5.11): workflow and metadata filters in the URL, the cron
 * panel (deep-linked by `cron`), and for members Create Cron Job, run now, enable / disable
 * and delete.
 */
export function CronJobsPage({
  tenantId,
  canEdit,
  workflows,
  onCreate,
}: {
  tenantId: string;
  /** MEMBER and up: create, run, enable, disable, edit and delete. */
  canEdit: boolean;
  /** Workflows the Workflow filter offers. */
  workflows: Workflow[];
  /** Opens Trigger Run on its Cron tab (composed by the route). */
  onCreate: () => void;
}) {
  const { filters, setFilters, pagination, setPagination } = useCronFilters();
  const [openCronId, setOpenCronId] = useSearchParam(PANEL_PARAM.cron);
  const [deleting, setDeleting] = useState<CronWorkflows | undefined>(undefined);
  const { refetchInterval } = useRefetchInterval();
  const cronActions = useCronActions(tenantId);
  const list = useCrons(
    tenantId,
    cronListQuery(filters, {
      offset: pagination.pageIndex * pagination.pageSize,
      limit: pagination.pageSize,
    }),
    { refetchInterval },
  );
  const rows = list.data?.rows ?? [];
  const pageCount = Math.max(1, list.data?.pagination?.num_pages ?? 1);
  const columns = useColumnVisibility('cron-jobs');
  const actions: CronRowActions = {
    canEdit,
    onOpen: (cron) => setOpenCronId(cron.metadata.id),
    onRunNow: cronActions.runNow,
    onSetEnabled: cronActions.setEnabled,
    onDelete: setDeleting,
    updatingId: cronActions.updatingId,
    runningId: cronActions.runningId,
  };

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <div className="@container flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-h-8 items-center">
          {list.isPending ? <Spinner className="text-muted-foreground" /> : null}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {canEdit ? (
            <Button size="sm" onClick={onCreate} aria-label="Create Cron Job">
              <Plus aria-hidden="true" />
              <span className="hidden @lg:inline">Create Cron Job</span>
            </Button>
          ) : null}
          <RefreshControl onRefresh={() => void list.refetch()} isRefreshing={list.isFetching} />
          <CronsFiltersButton
            filters={filters}
            onChange={setFilters}
            workflows={workflows.map((workflow) => ({
              value: workflow.metadata.id,
              label: workflow.name,
            }))}
          />
          <ColumnsMenu
            columns={CRON_COLUMN_CHOICES}
            hidden={columns.hidden}
            onChange={columns.setHidden}
          />
        </div>
      </div>
      <Card className="overflow-hidden">
        <CronsTable
          tenantId={tenantId}
          columnVisibility={columns.visibility}
          rows={rows}
          isPending={list.isPending}
          error={list.isError ? `Could not load cron jobs: ${errorMessage(list.error)}` : undefined}
          onRetry={() => void list.refetch()}
          actions={actions}
          onMetadataFilter={(key, value) =>
            setFilters((current) => ({
              ...current,
              metadata: withMetadataFilter(current.metadata, key, value),
            }))
          }
          empty={listEmpty(
            {
              title: 'No crons found',
              description:
                'A cron job runs a workflow on a schedule. Declare one in the workflow’s code, or create one here.',
              action: canEdit ? (
                <Button variant="outline" onClick={onCreate}>
                  <Plus aria-hidden="true" />
                  Create Cron Job
                </Button>
              ) : undefined,
            },
            {
              active: activeCronFilterCount(filters) > 0,
              noMatch: 'No crons match these filters',
              onClear: () => setFilters(() => DEFAULT_CRON_FILTERS),
            },
          )}
        />
      </Card>
      <Pagination
        rowCount={list.isSuccess ? rows.length : undefined}
        pagination={pagination}
        pageCount={pageCount}
        onChange={setPagination}
      />

      {openCronId ? (
        <Suspense fallback={null}>
          <CronPanel
            tenantId={tenantId}
            cronId={openCronId}
            actions={actions}
            onClose={() => setOpenCronId(undefined)}
          />
        </Suspense>
      ) : null}
      {deleting ? (
        <DeleteCronDialog
          tenantId={tenantId}
          cron={deleting}
          onClose={() => setDeleting(undefined)}
          onDeleted={() => {
            if (openCronId === deleting.metadata.id) setOpenCronId(undefined);
            setDeleting(undefined);
          }}
        />
      ) : null}
    </div>
  );
}
