import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { API_BASE, api } from '@/lib/api-client';
import type { User } from '@/types/api';

/** POST /api/v1/users/logout: ends the session and expires its cookie. */
export function logout(): Promise<User> {
  return api.post<User>(`${API_BASE}/users/logout`);
}

/** Signs out, goes to the sign-in page, then forgets everything cached for the user. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    // Signed out either way (an expired session answers 403). Leave the page first, so its
    // queries do not refetch into the emptied cache, then drop the cache.
    onSettled: async () => {
      await navigate(paths.auth.login.href(), { replace: true });
      queryClient.clear();
    },
  });
}
