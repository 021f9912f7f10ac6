import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import { membersQueryKey } from './list-members';

/** DELETE /api/v1/tenants/{tenant}/members/{member}: removes a member (owners only). 204. */
export function removeMember(tenantId: string, memberId: string): Promise<void> {
  return api.delete<void>(
    `${API_BASE}/tenants/${encodeURIComponent(tenantId)}/members/${encodeURIComponent(memberId)}`,
  );
}

export function useRemoveMember(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberId: string) => removeMember(tenantId, memberId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: membersQueryKey(tenantId) }),
  });
}
