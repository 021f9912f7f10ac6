import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import type { ListResponse, TenantInvite } from '@/types/api';

/** GET /api/v1/tenants/{tenant}/invites: pending, unexpired invites (owners and admins). */
export function listTenantInvites(
  tenantId: string,
  signal?: AbortSignal,
): Promise<ListResponse<TenantInvite>> {
  return api.get<ListResponse<TenantInvite>>(
    `${API_BASE}/tenants/${encodeURIComponent(tenantId)}/invites`,
    { signal },
  );
}

export const tenantInvitesQueryKey = (tenantId: string) =>
  ['tenants', tenantId, 'invites'] as const;

export function tenantInvitesQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: tenantInvitesQueryKey(tenantId),
    queryFn: ({ signal }) => listTenantInvites(tenantId, signal),
  });
}

export function useTenantInvites(
  tenantId: string,
  options: { enabled?: boolean; refetchInterval?: number | false } = {},
) {
  return useQuery({
    ...tenantInvitesQueryOptions(tenantId),
    enabled: options.enabled ?? true,
    refetchInterval: options.refetchInterval ?? false,
  });
}
