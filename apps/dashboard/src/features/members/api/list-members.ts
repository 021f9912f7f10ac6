import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import type { ListResponse, TenantMember } from '@/types/api';

/** GET /api/v1/tenants/{tenant}/members: everyone in the tenant (owners and admins only). */
export function listMembers(
  tenantId: string,
  signal?: AbortSignal,
): Promise<ListResponse<TenantMember>> {
  return api.get<ListResponse<TenantMember>>(
    `${API_BASE}/tenants/${encodeURIComponent(tenantId)}/members`,
    { signal },
  );
}

export const membersQueryKey = (tenantId: string) => ['tenants', tenantId, 'members'] as const;

export function membersQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: membersQueryKey(tenantId),
    queryFn: ({ signal }) => listMembers(tenantId, signal),
  });
}

export function useMembers(
  tenantId: string,
  options: { enabled?: boolean; refetchInterval?: number | false } = {},
) {
  return useQuery({
    ...membersQueryOptions(tenantId),
    enabled: options.enabled ?? true,
    refetchInterval: options.refetchInterval ?? false,
  });
}
