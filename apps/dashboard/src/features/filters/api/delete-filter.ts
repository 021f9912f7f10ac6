import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { V1Filter } from '@/types/api';
import { filterPath } from './get-filter';
import { filtersQueryKey } from './list-filters';

/** DELETE /api/v1/stable/tenants/{tenant}/filters/{filter}: answers the deleted filter. */
export function deleteFilter(tenantId: string, filterId: string): Promise<V1Filter> {
  return api.delete<V1Filter>(filterPath(tenantId, filterId));
}

export function useDeleteFilter(tenantId: string, filterId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteFilter(tenantId, filterId),
    // Only the lists: the open panel's own query would refetch, find nothing, and replace the
    // panel (and the caller's onSuccess with it) by "not found" before the panel closes.
    onSuccess: () =>
      void queryClient.invalidateQueries({ queryKey: [...filtersQueryKey(tenantId), 'list'] }),
  });
}
