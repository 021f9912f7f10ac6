import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import type { V1CreateFilterRequest, V1Filter } from '@/types/api';
import { filtersQueryKey } from './list-filters';

/**
 * POST /api/v1/stable/tenants/{tenant}/filters: a filter for one workflow and scope. An
 * expression that does not compile is refused with a message on `expression`.
 */
export function createFilter(tenantId: string, input: V1CreateFilterRequest): Promise<V1Filter> {
  return api.post<V1Filter>(
    `${API_BASE}/stable/tenants/${encodeURIComponent(tenantId)}/filters`,
    input,
  );
}

export function useCreateFilter(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: V1CreateFilterRequest) => createFilter(tenantId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: filtersQueryKey(tenantId) }),
  });
}
