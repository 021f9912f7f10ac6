import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import { userInvitesQueryKey } from './get-user-invites';

/** POST /api/v1/users/invites/reject: declines an invite. Empty 200 answer. */
export function rejectInvite(inviteId: string): Promise<void> {
  return api.post<void>(`${API_BASE}/users/invites/reject`, { invite: inviteId });
}

export function useRejectInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectInvite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userInvitesQueryKey }),
  });
}
