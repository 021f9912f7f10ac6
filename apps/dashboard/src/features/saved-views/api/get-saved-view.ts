import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { SavedView } from '@/types/api';
import { savedViewsPath, savedViewsQueryKey } from './list-saved-views';

export const savedViewPath = (tenantId: string, viewId: string) =>
  `${savedViewsPath(tenantId)}/${encodeURIComponent(viewId)}`;

/**
 * GET /api/v1/stable/tenants/{tenant}/saved-views/{savedView}: a view the caller owns or that
 * is shared (what a share link opens); 404 for another member's private view.
 */
export function getSavedView(
  tenantId: string,
  viewId: string,
  signal?: AbortSignal,
): Promise<SavedView> {
  return api.get<SavedView>(savedViewPath(tenantId, viewId), { signal });
}

/** The view a share link names; nothing is fetched without one. */
export function useSavedView(tenantId: string, viewId: string | undefined) {
  return useQuery({
    queryKey: [...savedViewsQueryKey(tenantId), 'detail', viewId] as const,
    queryFn: ({ signal }) => getSavedView(tenantId, viewId ?? '', signal),
    enabled: viewId !== undefined,
    // A missing or private view stays missing: say so once, do not retry.
    retry: false,
  });
}
