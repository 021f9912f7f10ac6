import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Pagination } from '@/components/ui/pagination';
import { RefreshControl } from '@/components/ui/refresh-control';
import { RelativeTime } from '@/components/ui/relative-time';
import { SearchInput } from '@/components/ui/search-input';
import { StatusBadge } from '@/components/ui/status-badge';
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
import { tenantHref } from '@/config/paths';
import { useRefetchInterval } from '@/hooks/use-refetch-interval';
import { searchTableKeys, useUrlSearch } from '@/hooks/use-url-search';
import { errorMessage } from '@/lib/api-error';
import { workflowStateStyle } from '@/lib/status';
import { useWorkflows } from '../api/list-workflows';

/** URL keys of the reference dashboard, so its links keep working. */
export const WORKFLOWS_FILTER_KEY = 'workflows-workflows-table';
export const WORKFLOWS_PAGINATION_KEY = 'pagination-workflows-table';
const WORKFLOWS_TABLE = searchTableKeys(WORKFLOWS_FILTER_KEY, WORKFLOWS_PAGINATION_KEY);

const COLUMNS = 5;

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

  return (
    <>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <SearchInput
          label="Search workflows by name"
          placeholder="Search by name…"
          value={text}
          onChange={setText}
        />
        <RefreshControl
          onRefresh={() => void workflows.refetch()}
          isRefreshing={workflows.isFetching}
        />
      </div>
      <Card className="overflow-hidden">
        <Table aria-label="Workflows" aria-busy={workflows.isPending || undefined}>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>Name</TableHead>
              <TableHead>Status</TableHead>
              <TableHead className="hidden sm:table-cell">Latest version</TableHead>
              <TableHead className="hidden sm:table-cell">Created</TableHead>
              <TableHead className="w-px">
                <span className="sr-only">Open</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {workflows.isPending ? (
              <TableLoadingRows columns={COLUMNS} label="Loading workflows" />
            ) : workflows.isError ? (
              <TableErrorRow
                columns={COLUMNS}
                message={`Could not load workflows: ${errorMessage(workflows.error)}`}
                onRetry={() => void workflows.refetch()}
              />
            ) : rows.length === 0 ? (
              <TableEmptyRow
                columns={COLUMNS}
                title={search ? `No workflows match "${search}"` : 'No workflows found'}
                description={
                  search
                    ? 'Try another part of the name.'
                    : 'Workflows appear here when a worker registers them. Start a worker to see yours.'
                }
              />
            ) : (
              rows.map((workflow) => {
                const href = tenantHref(tenantId, 'workflows/:workflow', {
                  workflow: workflow.metadata.id,
                });
                const state = workflowStateStyle(workflow.isPaused);
                const latest = workflow.versions?.[0];
                return (
                  <TableRow key={workflow.metadata.id}>
                    <TableCell className="font-medium">
                      <Link
                        to={href}
                        className="block max-w-48 truncate rounded-sm hover:underline focus-visible:outline-2 focus-visible:outline-ring sm:max-w-md"
                        title={workflow.name}
                      >
                        {workflow.name}
                      </Link>
                    </TableCell>
                    <TableCell>
                      <StatusBadge tone={state.tone}>{state.label}</StatusBadge>
                    </TableCell>
                    <TableCell className="hidden sm:table-cell">
                      {latest ? (
                        <Badge variant="outline" className="font-mono">
                          {latest.version}
                        </Badge>
                      ) : (
                        <span className="text-muted-foreground">N/A</span>
                      )}
                    </TableCell>
                    <TableCell className="hidden whitespace-nowrap text-muted-foreground sm:table-cell">
                      <RelativeTime value={workflow.metadata.createdAt} />
                    </TableCell>
                    <TableCell className="text-right">
                      <Link
                        to={href}
                        tabIndex={-1}
                        aria-hidden="true"
                        className="inline-flex rounded-sm p-1 text-muted-foreground hover:text-foreground"
                      >
                        <ChevronRight className="size-4" />
                      </Link>
                    </TableCell>
                  </TableRow>
                );
              })
            )}
          </TableBody>
        </Table>
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
