import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import type { TenantInvite } from '@/types/api';
import { tenantInvitesQueryKey } from './list-tenant-invites';

/** DELETE /api/v1/tenants/{tenant}/invites/{invite}: withdraws an invite; 200 with the invite. */
export function deleteTenantInvite(tenantId: string, inviteId: string): Promise<TenantInvite> {
  return api.delete<TenantInvite>(
    `${API_BASE}/tenants/${encodeURIComponent(tenantId)}/invites/${encodeURIComponent(inviteId)}`,
  );
}

export function useDeleteTenantInvite(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (inviteId: string) => deleteTenantInvite(tenantId, inviteId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tenantInvitesQueryKey(tenantId) }),
  });
}
