import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import type { TenantMember, UpdateTenantMemberRequest } from '@/types/api';
import { membersQueryKey } from './list-members';

/** PATCH /api/v1/tenants/{tenant}/members/{member}: changes a member's role. */
export function updateMember(
  tenantId: string,
  memberId: string,
  input: UpdateTenantMemberRequest,
): Promise<TenantMember> {
  return api.patch<TenantMember>(
    `${API_BASE}/tenants/${encodeURIComponent(tenantId)}/members/${encodeURIComponent(memberId)}`,
    input,
  );
}

export function useUpdateMember(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, ...input }: UpdateTenantMemberRequest & { memberId: string }) =>
      updateMember(tenantId, memberId, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: membersQueryKey(tenantId) }),
  });
}
