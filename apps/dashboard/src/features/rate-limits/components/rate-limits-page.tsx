import { useState } from 'react';
import { Card } from '@/components/ui/card';
import { Pagination } from '@/components/ui/pagination';
import { ColumnsMenu } from '@/components/ui/columns-menu';
import { RefreshControl } from '@/components/ui/refresh-control';
import { SearchInput } from '@/components/ui/search-input';
import { useColumnVisibility } from '@/hooks/use-column-visibility';
import { useRefetchInterval } from '@/hooks/use-refetch-interval';
import { searchTableKeys, useUrlSearch } from '@/hooks/use-url-search';
import { errorMessage } from '@/lib/api-error';
import type { RateLimit } from '@/types/api';
import { useRateLimits } from '../api/list-rate-limits';
import { DeleteRateLimitDialog } from './delete-rate-limit-dialog';
import { RATE_LIMIT_COLUMN_CHOICES, RateLimitsTable } from './rate-limits-table';

/** URL keys of the reference dashboard (3.2), so its links keep working. */
const RATE_LIMITS_TABLE = searchTableKeys(
  'rate-limits-rate-limits-table',
  'pagination-rate-limits-table',
);

/**
 * The rate limits list (reference 5.9): search by key and the page in the URL, ordered by
 * key, refreshed on the global interval; members and up may delete one. Workers create and
 * change them (`hatchet.ratelimits.upsert`), so there is nothing to create here.
 */
export function RateLimitsPage({ tenantId, canEdit }: { tenantId: string; canEdit: boolean }) {
  const { search, text, setText, pagination, setPagination } = useUrlSearch(RATE_LIMITS_TABLE);
  const [deleting, setDeleting] = useState<RateLimit | undefined>(undefined);
  const { refetchInterval } = useRefetchInterval();
  const columns = useColumnVisibility('rate-limits');
  const list = useRateLimits(
    tenantId,
    {
      offset: pagination.pageIndex * pagination.pageSize,
      limit: pagination.pageSize,
      search,
    },
    { refetchInterval },
  );
  const rows = list.data?.rows ?? [];
  const pageCount = Math.max(1, list.data?.pagination?.num_pages ?? 1);

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <div className="@container flex flex-wrap items-center justify-between gap-2">
        <SearchInput
          label="Search rate limits by key"
          placeholder="Key"
          value={text}
          onChange={setText}
        />
        <div className="flex items-center gap-2">
          <RefreshControl onRefresh={() => void list.refetch()} isRefreshing={list.isFetching} />
          <ColumnsMenu
            columns={RATE_LIMIT_COLUMN_CHOICES}
            hidden={columns.hidden}
            onChange={columns.setHidden}
          />
        </div>
      </div>
      <Card className="overflow-hidden">
        <RateLimitsTable
          rows={rows}
          columnVisibility={columns.visibility}
          isPending={list.isPending}
          error={
            list.isError ? `Could not load rate limits: ${errorMessage(list.error)}` : undefined
          }
          onRetry={() => void list.refetch()}
          canEdit={canEdit}
          onDelete={setDeleting}
          empty={
            search
              ? {
                  title: `No rate limits match "${search}"`,
                  description: 'Try another part of the key.',
                }
              : {
                  title: 'No rate limits',
                  description: (
                    <>
                      Workers declare them with{' '}
                      <code className="font-mono text-foreground">hatchet.ratelimits.upsert</code>.
                    </>
                  ),
                }
          }
        />
      </Card>
      <Pagination
        rowCount={list.isSuccess ? rows.length : undefined}
        pagination={pagination}
        pageCount={pageCount}
        onChange={setPagination}
      />
      {deleting ? (
        <DeleteRateLimitDialog
          tenantId={tenantId}
          limit={deleting}
          onClose={() => setDeleting(undefined)}
        />
      ) : null}
    </div>
  );
}
