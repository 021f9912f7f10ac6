import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import type { ListResponse, V1Filter } from '@/types/api';
import type { FilterListQuery } from '../utils/filters-list-filters';

/** GET /api/v1/stable/tenants/{tenant}/filters: a page of filters, newest first. */
export function listFilters(
  tenantId: string,
  query: FilterListQuery,
  signal?: AbortSignal,
): Promise<ListResponse<V1Filter>> {
  return api.get<ListResponse<V1Filter>>(
    `${API_BASE}/stable/tenants/${encodeURIComponent(tenantId)}/filters`,
    { query, signal },
  );
}

export const filtersQueryKey = (tenantId: string) => ['tenants', tenantId, 'filters'] as const;

export function filtersQueryOptions(tenantId: string, query: FilterListQuery) {
  return queryOptions({
    queryKey: [...filtersQueryKey(tenantId), 'list', query] as const,
    queryFn: ({ signal }) => listFilters(tenantId, query, signal),
  });
}

export function useFilters(
  tenantId: string,
  query: FilterListQuery,
  options: { refetchInterval?: number | false } = {},
) {
  return useQuery({
    ...filtersQueryOptions(tenantId, query),
    placeholderData: keepPreviousData,
    refetchInterval: options.refetchInterval ?? false,
  });
}
