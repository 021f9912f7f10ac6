import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import { snsIntegrationsQueryKey } from './list-sns-integrations';

/** DELETE /api/v1/sns/{sns}: messages of the topic are refused from then on. 204, no body. */
export function deleteSnsIntegration(integrationId: string): Promise<void> {
  return api.delete<void>(`${API_BASE}/sns/${encodeURIComponent(integrationId)}`);
}

export function useDeleteSnsIntegration(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSnsIntegration,
    // Refetch after a failure too: a 404 means someone else deleted it already.
    onSettled: () => queryClient.invalidateQueries({ queryKey: snsIntegrationsQueryKey(tenantId) }),
  });
}
