import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import { apiTokensQueryKey } from './list-api-tokens';

/** POST /api/v1/api-tokens/{token}: revokes a token (a POST, as in Hatchet). 204, no body. */
export function revokeApiToken(tokenId: string): Promise<void> {
  return api.post<void>(`${API_BASE}/api-tokens/${encodeURIComponent(tokenId)}`);
}

export function useRevokeApiToken(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiToken,
    // Refetch after a failure too: a 404 means someone else revoked it already.
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey(tenantId) }),
  });
}
