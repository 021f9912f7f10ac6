import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import type { Tenant, UpdateTenantRequest } from '@/types/api';
import { tenantQueryKey } from './get-tenant';
import { membershipsQueryKey } from './get-memberships';

/** PATCH /api/v1/tenants/{tenant}: changes only the fields sent (e.g. the name). */
export function updateTenant(tenantId: string, input: UpdateTenantRequest): Promise<Tenant> {
  return api.patch<Tenant>(`${API_BASE}/tenants/${encodeURIComponent(tenantId)}`, input);
}

export function useUpdateTenant(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateTenantRequest) => updateTenant(tenantId, input),
    onSuccess: async (tenant) => {
      queryClient.setQueryData(tenantQueryKey(tenantId), tenant);
      // The switcher and the sidebar read the name from the memberships list.
      await queryClient.invalidateQueries({ queryKey: membershipsQueryKey });
    },
  });
}
