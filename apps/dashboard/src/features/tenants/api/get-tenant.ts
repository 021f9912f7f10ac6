import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import type { Tenant } from '@/types/api';

/** GET /api/v1/tenants/{tenant}: one tenant (any member may read it). */
export function getTenant(tenantId: string, signal?: AbortSignal): Promise<Tenant> {
  return api.get<Tenant>(`${API_BASE}/tenants/${encodeURIComponent(tenantId)}`, { signal });
}

export const tenantQueryKey = (tenantId: string) => ['tenants', tenantId] as const;

export function tenantQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: tenantQueryKey(tenantId),
    queryFn: ({ signal }) => getTenant(tenantId, signal),
  });
}

export function useTenant(tenantId: string) {
  return useQuery(tenantQueryOptions(tenantId));
}
