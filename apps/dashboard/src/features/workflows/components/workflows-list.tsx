import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Pagination } from '@/components/ui/pagination';
import { RefreshControl } from '@/components/ui/refresh-control';
import { RelativeTime } from '@/components/ui/relative-time';
import { SearchInput } from '@/components/ui/search-input';
import { StatusBadge } from '@/components/ui/status-badge';
import { ColumnsMenu } from '@/components/ui/columns-menu';
import { DataTable, columnChoices } from '@/components/ui/data-table';
import type { DataColumn } from '@/components/ui/data-table';
import { tenantHref } from '@/config/paths';
import { useColumnVisibility } from '@/hooks/use-column-visibility';
import { useRefetchInterval } from '@/hooks/use-refetch-interval';
import { searchTableKeys, useUrlSearch } from '@/hooks/use-url-search';
import { errorMessage } from '@/lib/api-error';
import { workflowStateStyle } from '@/lib/status';
import type { Workflow } from '@/types/api';
import { useWorkflows } from '../api/list-workflows';

/** URL keys of the reference dashboard, so its links keep working. */
export const WORKFLOWS_FILTER_KEY = 'workflows-workflows-table';
export const WORKFLOWS_PAGINATION_KEY = 'pagination-workflows-table';
const WORKFLOWS_TABLE = searchTableKeys(WORKFLOWS_FILTER_KEY, WORKFLOWS_PAGINATION_KEY);

/** The tenant's workflows: search by name, paginate, open one. */
export function WorkflowsList({ tenantId }: { tenantId: string }) {
  const { search, text, setText, pagination, setPagination } = useUrlSearch(WORKFLOWS_TABLE);
  const { pageIndex, pageSize } = pagination;
  const { refetchInterval } = useRefetchInterval();
  const workflows = useWorkflows(
    tenantId,
    { offset: pageIndex * pageSize, limit: pageSize, name: search },
    { refetchInterval },
  );
  const rows = workflows.data?.rows ?? [];
  const pageCount = Math.max(1, workflows.data?.pagination?.num_pages ?? 1);
  const columnVisibility = useColumnVisibility('workflows');
  const columns = workflowColumns(tenantId);

  return (
    <>
      <div className="@container mb-3 flex flex-wrap items-center justify-between gap-2">
        <SearchInput
          label="Search workflows by name"
          placeholder="Search by name…"
          value={text}
          onChange={setText}
        />
        <div className="flex items-center gap-2">
          <RefreshControl
            onRefresh={() => void workflows.refetch()}
            isRefreshing={workflows.isFetching}
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
          label="Workflows"
          rows={rows}
          columns={columns}
          getRowId={(workflow) => workflow.metadata.id}
          columnVisibility={columnVisibility.visibility}
          isPending={workflows.isPending}
          error={
            workflows.isError
              ? `Could not load workflows: ${errorMessage(workflows.error)}`
              : undefined
          }
          onRetry={() => void workflows.refetch()}
          loadingLabel="Loading workflows"
          empty={{
            title: search ? `No workflows match "${search}"` : 'No workflows found',
            description: search
              ? 'Try another part of the name.'
              : 'Workflows appear here when a worker registers them. Start a worker to see yours.',
          }}
        />
      </Card>
      <Pagination
        rowCount={workflows.isSuccess ? rows.length : undefined}
        pagination={pagination}
        pageCount={pageCount}
        onChange={setPagination}
      />
    </>
  );
}

function workflowColumns(tenantId: string): DataColumn<Workflow>[] {
  const href = (workflow: Workflow) =>
    tenantHref(tenantId, 'workflows/:workflow', { workflow: workflow.metadata.id });
  return [
    {
      id: 'name',
      enableHiding: false,
      header: 'Name',
      meta: { cellClassName: 'font-medium' },
      cell: ({ row: { original: workflow } }) => (
        <Link
          to={href(workflow)}
          className="block max-w-48 truncate rounded-sm hover:underline focus-visible:outline-2 focus-visible:outline-ring sm:max-w-md"
          title={workflow.name}
        >
          {workflow.name}
        </Link>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      cell: ({ row }) => {
        const state = workflowStateStyle(row.original.isPaused);
        return <StatusBadge tone={state.tone}>{state.label}</StatusBadge>;
      },
    },
    {
      id: 'latestVersion',
      header: 'Latest version',
      meta: { className: 'hidden sm:table-cell' },
      cell: ({ row }) => {
        const latest = row.original.versions?.[0];
        return latest ? (
          <Badge variant="outline" className="font-mono">
            {latest.version}
          </Badge>
        ) : (
          <span className="text-muted-foreground">N/A</span>
        );
      },
    },
    {
      id: 'created',
      header: 'Created',
      meta: {
        className: 'hidden sm:table-cell',
        cellClassName: 'whitespace-nowrap text-muted-foreground',
      },
      cell: ({ row }) => <RelativeTime value={row.original.metadata.createdAt} />,
    },
    {
      id: 'open',
      enableHiding: false,
      meta: { className: 'w-px', cellClassName: 'text-right' },
      header: () => <span className="sr-only">Open</span>,
      cell: ({ row }) => (
        <Link
          to={href(row.original)}
          tabIndex={-1}
          aria-hidden="true"
          className="inline-flex rounded-sm p-1 text-muted-foreground hover:text-foreground"
        >
          <ChevronRight className="size-4" />
        </Link>
      ),
    },
  ];
}
