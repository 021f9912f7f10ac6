import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import type { V1Filter } from '@/types/api';
import { filtersQueryKey } from './list-filters';

export const filterPath = (tenantId: string, filterId: string) =>
  `${API_BASE}/stable/tenants/${encodeURIComponent(tenantId)}/filters/${encodeURIComponent(filterId)}`;

/** GET /api/v1/stable/tenants/{tenant}/filters/{filter}. */
export function getFilter(tenantId: string, filterId: string, signal?: AbortSignal) {
  return api.get<V1Filter>(filterPath(tenantId, filterId), { signal });
}

export const filterQueryKey = (tenantId: string, filterId: string) =>
  [...filtersQueryKey(tenantId), 'detail', filterId] as const;

export function filterQueryOptions(tenantId: string, filterId: string) {
  return queryOptions({
    queryKey: filterQueryKey(tenantId, filterId),
    queryFn: ({ signal }) => getFilter(tenantId, filterId, signal),
  });
}

export function useFilter(tenantId: string, filterId: string) {
  return useQuery(filterQueryOptions(tenantId, filterId));
}
