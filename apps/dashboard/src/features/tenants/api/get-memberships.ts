import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import type { ListResponse, Tenant, TenantMember } from '@/types/api';

/** GET /api/v1/users/memberships: the tenants the user belongs to, each with its tenant. */
export function getMemberships(signal?: AbortSignal): Promise<ListResponse<TenantMember>> {
  return api.get<ListResponse<TenantMember>>(`${API_BASE}/users/memberships`, { signal });
}

export const membershipsQueryKey = ['users', 'memberships'] as const;

export function membershipsQueryOptions() {
  return queryOptions({
    queryKey: membershipsQueryKey,
    queryFn: ({ signal }) => getMemberships(signal),
    retry: false,
    staleTime: 60_000,
  });
}

export function useMemberships() {
  return useQuery(membershipsQueryOptions());
}

/** The tenants of a membership list, without memberships that lack one. */
export function tenantsOf(memberships: readonly TenantMember[] | undefined): Tenant[] {
  return (memberships ?? []).flatMap((member) => (member.tenant ? [member.tenant] : []));
}
