import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import type { User } from '@/types/api';

/** GET /api/v1/users/current: the signed-in user; 401/403 when there is no session. */
export function getCurrentUser(signal?: AbortSignal): Promise<User> {
  return api.get<User>(`${API_BASE}/users/current`, { signal });
}

export const currentUserQueryKey = ['users', 'current'] as const;

export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }) => getCurrentUser(signal),
    // A failure means "signed out" or a broken server; retrying would only delay the answer.
    retry: false,
    staleTime: 60_000,
  });
}

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}
