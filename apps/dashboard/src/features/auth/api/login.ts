import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import type { User } from '@/types/api';
import { currentUserQueryKey } from './get-current-user';

export interface LoginInput {
  email: string;
  password: string;
}

/** POST /api/v1/users/login. Sent without credentials; the answer sets the session cookie. */
export function login(input: LoginInput): Promise<User> {
  return api.post<User>(`${API_BASE}/users/login`, input, { anonymous: true });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      // Nothing cached before sign-in belongs to this user.
      queryClient.removeQueries();
      queryClient.setQueryData(currentUserQueryKey, user);
    },
  });
}
