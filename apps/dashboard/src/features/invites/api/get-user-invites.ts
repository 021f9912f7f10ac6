import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import type { ListResponse, TenantInvite } from '@/types/api';

/** GET /api/v1/users/invites: pending, unexpired invites addressed to the user. */
export function getUserInvites(signal?: AbortSignal): Promise<ListResponse<TenantInvite>> {
  return api.get<ListResponse<TenantInvite>>(`${API_BASE}/users/invites`, { signal });
}

export const userInvitesQueryKey = ['users', 'invites'] as const;

export function userInvitesQueryOptions() {
  return queryOptions({
    queryKey: userInvitesQueryKey,
    queryFn: ({ signal }) => getUserInvites(signal),
    retry: false,
  });
}

/** The account menu polls every 30 s so a new invite shows up without a reload. */
export const INVITES_POLL_MS = 30_000;

export function useUserInvites(options: { poll?: boolean; enabled?: boolean } = {}) {
  return useQuery({
    ...userInvitesQueryOptions(),
    enabled: options.enabled ?? true,
    refetchInterval: options.poll ? INVITES_POLL_MS : false,
  });
}
