import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import type { CreateTenantInviteRequest, TenantInvite } from '@/types/api';
import { tenantInvitesQueryKey } from './list-tenant-invites';

/** POST /api/v1/tenants/{tenant}/invites: invites an email address with a role. 201. */
export function createTenantInvite(
  tenantId: string,
  input: CreateTenantInviteRequest,
): Promise<TenantInvite> {
  return api.post<TenantInvite>(
    `${API_BASE}/tenants/${encodeURIComponent(tenantId)}/invites`,
    input,
  );
}

export function useCreateTenantInvite(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTenantInviteRequest) => createTenantInvite(tenantId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenantInvitesQueryKey(tenantId) }),
  });
}
