import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import type { ListResponse, V1TaskSummary } from '@/types/api';
import type { runListQuery } from '../utils/run-filters';
import { withRowsReceivedSince } from './live-run-rows';

export type RunListQuery = ReturnType<typeof runListQuery> & {
  parent_task_external_id?: string;
  triggering_event_external_id?: string;
  worker_id?: string;
};

/**
 * GET /api/v1/stable/tenants/{tenant}/workflow-runs: a page of runs (DAG rows carry their
 * tasks as `children`) or, with `only_tasks`, of tasks; newest first.
 */
export function listRuns(
  tenantId: string,
  query: RunListQuery,
  signal?: AbortSignal,
): Promise<ListResponse<V1TaskSummary>> {
  return api.get<ListResponse<V1TaskSummary>>(
    `${API_BASE}/stable/tenants/${encodeURIComponent(tenantId)}/workflow-runs`,
    { query, signal },
  );
}

export const runsQueryKey = (tenantId: string) => ['tenants', tenantId, 'workflow-runs'] as const;
/** The run lists (each key continues with its query), which live rows patch (live-run-rows.ts). */
export const runListsQueryKey = (tenantId: string) => [...runsQueryKey(tenantId), 'list'] as const;

export function runsQueryOptions(tenantId: string, query: RunListQuery) {
  return queryOptions({
    queryKey: [...runListsQueryKey(tenantId), query] as const,
    queryFn: async ({ signal }) => {
      const requestedAt = Date.now();
      const page = await listRuns(tenantId, query, signal);
      return withRowsReceivedSince(tenantId, query, page, requestedAt);
    },
  });
}

export function useRuns(
  tenantId: string,
  query: RunListQuery,
  options: { refetchInterval?: number | false; enabled?: boolean } = {},
) {
  return useQuery({
    ...runsQueryOptions(tenantId, query),
    // Keep the rows of the previous page or filter while the next ones load: no flashing.
    placeholderData: keepPreviousData,
    refetchInterval: options.refetchInterval ?? false,
    enabled: options.enabled ?? true,
  });
}

/**
 * How many runs (or tasks) match: the list's page count at one row per page. The server
 * caps it (10,000), so a count at the cap means "at least".
 */
export function useMatchingCount(tenantId: string, query: RunListQuery, enabled: boolean) {
  const countQuery = { ...query, offset: 0, limit: 1 };
  return useQuery({
    ...runsQueryOptions(tenantId, countQuery),
    select: (data) => data.pagination?.num_pages ?? data.rows.length,
    enabled,
  });
}
