import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import type { ListResponse, ScheduledWorkflows } from '@/types/api';
import type { ScheduledRunListQuery } from '../utils/scheduled-run-filters';

/**
 * GET /api/v1/tenants/{tenant}/workflows/scheduled: a page of scheduled runs, SCHEDULED until
 * they fire, then with the status of the run they created.
 */
export function listScheduledRuns(
  tenantId: string,
  query: ScheduledRunListQuery,
  signal?: AbortSignal,
): Promise<ListResponse<ScheduledWorkflows>> {
  return api.get<ListResponse<ScheduledWorkflows>>(
    `${API_BASE}/tenants/${encodeURIComponent(tenantId)}/workflows/scheduled`,
    { query, signal },
  );
}

export const scheduledRunsQueryKey = (tenantId: string) =>
  ['tenants', tenantId, 'scheduled-runs'] as const;

export function scheduledRunsQueryOptions(tenantId: string, query: ScheduledRunListQuery) {
  return queryOptions({
    queryKey: [...scheduledRunsQueryKey(tenantId), 'list', query] as const,
    queryFn: ({ signal }) => listScheduledRuns(tenantId, query, signal),
  });
}

export function useScheduledRuns(
  tenantId: string,
  query: ScheduledRunListQuery,
  options: { refetchInterval?: number | false; enabled?: boolean } = {},
) {
  return useQuery({
    ...scheduledRunsQueryOptions(tenantId, query),
    placeholderData: keepPreviousData,
    refetchInterval: options.refetchInterval ?? false,
    enabled: options.enabled ?? true,
  });
}

/** How many scheduled runs match a query: one row asked for, the page count read. */
export function useMatchingScheduledRunCount(
  tenantId: string,
  query: ScheduledRunListQuery,
  enabled: boolean,
) {
  return useQuery({
    ...scheduledRunsQueryOptions(tenantId, { ...query, offset: 0, limit: 1 }),
    select: (data) => data.pagination?.num_pages ?? data.rows.length,
    enabled,
  });
}
