import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import type { ListResponse, SavedView, SavedViewList } from '@/types/api';

export const savedViewsPath = (tenantId: string) =>
  `${API_BASE}/stable/tenants/${encodeURIComponent(tenantId)}/saved-views`;

/** GET /api/v1/stable/tenants/{tenant}/saved-views: the caller's own views and shared ones. */
export function listSavedViews(
  tenantId: string,
  list: SavedViewList,
  signal?: AbortSignal,
): Promise<ListResponse<SavedView>> {
  return api.get<ListResponse<SavedView>>(savedViewsPath(tenantId), { query: { list }, signal });
}

export const savedViewsQueryKey = (tenantId: string) =>
  ['tenants', tenantId, 'saved-views'] as const;

export function savedViewsQueryOptions(tenantId: string, list: SavedViewList) {
  return queryOptions({
    queryKey: [...savedViewsQueryKey(tenantId), 'list', list] as const,
    queryFn: ({ signal }) => listSavedViews(tenantId, list, signal),
  });
}

export function useSavedViews(tenantId: string, list: SavedViewList) {
  return useQuery(savedViewsQueryOptions(tenantId, list));
}
