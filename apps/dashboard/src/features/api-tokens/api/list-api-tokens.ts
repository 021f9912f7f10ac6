import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import type { ApiToken, ListResponse } from '@/types/api';

/** GET /api/v1/tenants/{tenant}/api-tokens: tokens that are not revoked (owners and admins). */
export function listApiTokens(
  tenantId: string,
  signal?: AbortSignal,
): Promise<ListResponse<ApiToken>> {
  return api.get<ListResponse<ApiToken>>(
    `${API_BASE}/tenants/${encodeURIComponent(tenantId)}/api-tokens`,
    { signal },
  );
}

export const apiTokensQueryKey = (tenantId: string) => ['tenants', tenantId, 'api-tokens'] as const;

export function apiTokensQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: apiTokensQueryKey(tenantId),
    queryFn: ({ signal }) => listApiTokens(tenantId, signal),
  });
}

export function useApiTokens(
  tenantId: string,
  options: { enabled?: boolean; refetchInterval?: number | false } = {},
) {
  return useQuery({
    ...apiTokensQueryOptions(tenantId),
    enabled: options.enabled ?? true,
    refetchInterval: options.refetchInterval ?? false,
  });
}
