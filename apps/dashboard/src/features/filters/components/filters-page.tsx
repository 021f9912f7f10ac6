import { Bug, Plus } from 'lucide-react';
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
import type { Workflow } from '@/types/api';
import { useFilters } from '../api/list-filters';
import { useFiltersListFilters } from '../hooks/use-filters-list-filters';
import {
  DEFAULT_FILTERS_LIST_FILTERS,
  activeFiltersListFilterCount,
  filterListQuery,
} from '../utils/filters-list-filters';
import type { CelDebuggerStart } from './cel-debugger-dialog';
import { FiltersListFiltersButton } from './filters-list-filters-button';
import { FILTER_COLUMN_CHOICES, FiltersTable } from './filters-table';

// Opened on demand, so their code stays off the first screen.
const FilterPanel = lazy(() => import('./filter-panel'));
const CreateFilterDialog = lazy(() => import('./create-filter-dialog'));
const CelDebuggerDialog = lazy(() => import('./cel-debugger-dialog'));

/**
 * The filters list (reference 5.7): workflow and scope filters in the URL, the filter panel
 * (deep-linked by `filter`), Create Filter for members, and the CEL debugger for everyone.
 */
export function FiltersPage({
  tenantId,
  canEdit,
  workflows,
}: {
  tenantId: string;
  canEdit: boolean;
  workflows: Workflow[];
}) {
  const { filters, setFilters, pagination, setPagination } = useFiltersListFilters();
  const [openFilterId, setOpenFilterId] = useSearchParam(PANEL_PARAM.filter);
  const [creating, setCreating] = useState(false);
  const [debugging, setDebugging] = useState<CelDebuggerStart | undefined>(undefined);
  const { refetchInterval } = useRefetchInterval();
  const columns = useColumnVisibility('filters');
  const list = useFilters(
    tenantId,
    filterListQuery(filters, {
      offset: pagination.pageIndex * pagination.pageSize,
      limit: pagination.pageSize,
    }),
    { refetchInterval },
  );
  const rows = list.data?.rows ?? [];
  const pageCount = Math.max(1, list.data?.pagination?.num_pages ?? 1);
  const names = new Map(workflows.map((workflow) => [workflow.metadata.id, workflow.name]));
  const filtered = activeFiltersListFilterCount(filters) > 0;

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <div className="@container flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-h-8 items-center">
          {list.isPending ? <Spinner className="text-muted-foreground" /> : null}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {canEdit ? (
            <Button size="sm" onClick={() => setCreating(true)} aria-label="Create filter">
              <Plus aria-hidden="true" />
              <span className="hidden @lg:inline">Create filter</span>
            </Button>
          ) : null}
          <Button
            variant="outline"
            size="sm"
            onClick={() => setDebugging({ expression: '' })}
            aria-label="CEL debugger"
          >
            <Bug aria-hidden="true" />
            <span className="hidden @lg:inline">CEL debugger</span>
          </Button>
          <RefreshControl onRefresh={() => void list.refetch()} isRefreshing={list.isFetching} />
          <FiltersListFiltersButton
            filters={filters}
            onChange={setFilters}
            workflows={workflows.map((workflow) => ({
              value: workflow.metadata.id,
              label: workflow.name,
            }))}
          />
          <ColumnsMenu
            columns={FILTER_COLUMN_CHOICES}
            hidden={columns.hidden}
            onChange={columns.setHidden}
          />
        </div>
      </div>
      <Card className="overflow-hidden">
        <FiltersTable
          label="Filters"
          rows={rows}
          columnVisibility={columns.visibility}
          isPending={list.isPending}
          error={list.isError ? `Could not load filters: ${errorMessage(list.error)}` : undefined}
          onRetry={() => void list.refetch()}
          workflowName={(id) => names.get(id)}
          opener={{
            onOpen: (filter) => setOpenFilterId(filter.metadata.id),
            onDebug: (filter) =>
              setDebugging({ expression: filter.expression, filterPayload: filter.payload }),
          }}
          empty={listEmpty(
            {
              title: 'No filters found',
              description:
                'A filter decides, with an expression, whether an event sent with a scope triggers a workflow.',
              action: canEdit ? (
                <Button variant="outline" onClick={() => setCreating(true)}>
                  <Plus aria-hidden="true" />
                  Create a filter
                </Button>
              ) : undefined,
            },
            {
              active: filtered,
              noMatch: 'No filters match',
              onClear: () => setFilters(() => DEFAULT_FILTERS_LIST_FILTERS),
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

      {creating ? (
        <Suspense fallback={null}>
          <CreateFilterDialog
            tenantId={tenantId}
            workflows={workflows.map((workflow) => ({
              id: workflow.metadata.id,
              name: workflow.name,
            }))}
            initialWorkflowId={filters.workflowIds.length === 1 ? filters.workflowIds[0] : ''}
            onClose={() => setCreating(false)}
            onCreated={(filter) => {
              setCreating(false);
              setOpenFilterId(filter.metadata.id);
            }}
          />
        </Suspense>
      ) : null}
      {openFilterId ? (
        <Suspense fallback={null}>
          <FilterPanel
            tenantId={tenantId}
            filterId={openFilterId}
            canEdit={canEdit}
            workflowName={(id) => names.get(id)}
            onDebug={setDebugging}
            onClose={() => setOpenFilterId(undefined)}
          />
        </Suspense>
      ) : null}
      {debugging ? (
        <Suspense fallback={null}>
          <CelDebuggerDialog
            tenantId={tenantId}
            start={debugging}
            onClose={() => setDebugging(undefined)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
