import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { V1Filter, V1UpdateFilterRequest } from '@/types/api';
import { filterPath, filterQueryKey } from './get-filter';
import { filtersQueryKey } from './list-filters';

/** PATCH /api/v1/stable/tenants/{tenant}/filters/{filter}: changes only the fields sent. */
export function updateFilter(
  tenantId: string,
  filterId: string,
  input: V1UpdateFilterRequest,
): Promise<V1Filter> {
  return api.patch<V1Filter>(filterPath(tenantId, filterId), input);
}

export function useUpdateFilter(tenantId: string, filterId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: V1UpdateFilterRequest) => updateFilter(tenantId, filterId, input),
    onSuccess: (filter) => {
      queryClient.setQueryData(filterQueryKey(tenantId, filterId), filter);
      return queryClient.invalidateQueries({ queryKey: filtersQueryKey(tenantId) });
    },
  });
}
