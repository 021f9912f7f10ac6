import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { SavedView } from '@/types/api';
import { savedViewPath } from './get-saved-view';
import { savedViewsQueryKey } from './list-saved-views';

/** DELETE .../saved-views/{savedView}: answers the deleted view. */
export function deleteSavedView(tenantId: string, viewId: string): Promise<SavedView> {
  return api.delete<SavedView>(savedViewPath(tenantId, viewId));
}

export function useDeleteSavedView(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (viewId: string) => deleteSavedView(tenantId, viewId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedViewsQueryKey(tenantId) }),
  });
}
