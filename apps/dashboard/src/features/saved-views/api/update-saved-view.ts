import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { SavedView, UpdateSavedViewRequest } from '@/types/api';
import { savedViewPath } from './get-saved-view';
import { savedViewsQueryKey } from './list-saved-views';

/** PATCH .../saved-views/{savedView}: rename, share or unshare; the owner only. */
export function updateSavedView(
  tenantId: string,
  viewId: string,
  input: UpdateSavedViewRequest,
): Promise<SavedView> {
  return api.patch<SavedView>(savedViewPath(tenantId, viewId), input);
}

export function useUpdateSavedView(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: UpdateSavedViewRequest & { id: string }) =>
      updateSavedView(tenantId, id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedViewsQueryKey(tenantId) }),
  });
}
