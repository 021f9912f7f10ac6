import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TenantResourcePolicy } from '@trellis/api-contract';
import { API_BASE, api } from '@/lib/api-client';

export const resourcePolicyPath = (tenantId: string) =>
  `${API_BASE}/tenants/${encodeURIComponent(tenantId)}/resource-policy`;

/** GET /api/v1/tenants/{tenant}/resource-policy: the tenant's limits with their use. */
export function getResourcePolicy(
  tenantId: string,
  signal?: AbortSignal,
): Promise<TenantResourcePolicy> {
  return api.get<TenantResourcePolicy>(resourcePolicyPath(tenantId), { signal });
}

export const resourcePolicyQueryKey = (tenantId: string) =>
  ['tenants', tenantId, 'resource-policy'] as const;

export function resourcePolicyQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: resourcePolicyQueryKey(tenantId),
    queryFn: ({ signal }) => getResourcePolicy(tenantId, signal),
  });
}

export function useResourcePolicy(
  tenantId: string,
  options: { refetchInterval?: number | false } = {},
) {
  return useQuery({
    ...resourcePolicyQueryOptions(tenantId),
    refetchInterval: options.refetchInterval ?? false,
  });
}
