import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import { userInvitesQueryKey } from './get-user-invites';

/** POST /api/v1/users/invites/accept: joins the invite's tenant. Empty 200 answer. */
export function acceptInvite(inviteId: string): Promise<void> {
  return api.post<void>(`${API_BASE}/users/invites/accept`, { invite: inviteId });
}

export function useAcceptInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvite,
    // Accepting changes the user's tenants too; memberships are refetched by the caller,
    // which knows that query (features do not reach into each other).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userInvitesQueryKey }),
  });
}
