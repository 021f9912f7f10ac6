import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import type { CreateApiTokenRequest, CreateApiTokenResponse } from '@/types/api';
import { apiTokensQueryKey } from './list-api-tokens';

/**
 * POST /api/v1/tenants/{tenant}/api-tokens: creates a token. The answer carries the token
 * itself, the only time the server ever sends it.
 */
export function createApiToken(
  tenantId: string,
  input: CreateApiTokenRequest,
): Promise<CreateApiTokenResponse> {
  return api.post<CreateApiTokenResponse>(
    `${API_BASE}/tenants/${encodeURIComponent(tenantId)}/api-tokens`,
    input,
  );
}

export function useCreateApiToken(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiTokenRequest) => createApiToken(tenantId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey(tenantId) }),
  });
}
