import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import { rateLimitsQueryKey } from './list-rate-limits';

/**
 * DELETE /api/v1/tenants/{tenant}/rate-limits?key= (204). A worker declaring the key again
 * creates it anew; until one does, tasks that consume it wait.
 */
export function deleteRateLimit(tenantId: string, key: string) {
  return api.delete<undefined>(`${API_BASE}/tenants/${encodeURIComponent(tenantId)}/rate-limits`, {
    query: { key },
  });
}

export function useDeleteRateLimit(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: string) => deleteRateLimit(tenantId, key),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rateLimitsQueryKey(tenantId) }),
  });
}
