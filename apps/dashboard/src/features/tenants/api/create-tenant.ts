import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import type { CreateTenantRequest, Tenant } from '@/types/api';
import { membershipsQueryKey } from './get-memberships';

export type CreateTenantInput = Pick<CreateTenantRequest, 'name' | 'slug'>;

/** POST /api/v1/tenants: creates a tenant; the caller becomes its owner. */
export function createTenant(input: CreateTenantInput): Promise<Tenant> {
  return api.post<Tenant>(`${API_BASE}/tenants`, input);
}

export function useCreateTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTenant,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membershipsQueryKey }),
  });
}
