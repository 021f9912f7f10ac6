import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { CreateSavedViewRequest, SavedView } from '@/types/api';
import { savedViewsPath, savedViewsQueryKey } from './list-saved-views';

/** POST /api/v1/stable/tenants/{tenant}/saved-views: a view owned by the caller. */
export function createSavedView(
  tenantId: string,
  input: CreateSavedViewRequest,
): Promise<SavedView> {
  return api.post<SavedView>(savedViewsPath(tenantId), input);
}

export function useCreateSavedView(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateSavedViewRequest) => createSavedView(tenantId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedViewsQueryKey(tenantId) }),
  });
}
