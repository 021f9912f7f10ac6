import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import type { TenantInvite, UpdateTenantInviteRequest } from '@/types/api';
import { tenantInvitesQueryKey } from './list-tenant-invites';

/** PATCH /api/v1/tenants/{tenant}/invites/{invite}: changes the role a pending invite grants. */
export function updateTenantInvite(
  tenantId: string,
  inviteId: string,
  input: UpdateTenantInviteRequest,
): Promise<TenantInvite> {
  return api.patch<TenantInvite>(
    `${API_BASE}/tenants/${encodeURIComponent(tenantId)}/invites/${encodeURIComponent(inviteId)}`,
    input,
  );
}

export function useUpdateTenantInvite(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ inviteId, ...input }: UpdateTenantInviteRequest & { inviteId: string }) =>
      updateTenantInvite(tenantId, inviteId, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tenantInvitesQueryKey(tenantId) }),
  });
}
