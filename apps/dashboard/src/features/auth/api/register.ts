import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import type { User } from '@/types/api';
import { currentUserQueryKey } from './get-current-user';

export interface RegisterInput {
  name: string;
  email: string;
  password: string;
}

/** POST /api/v1/users/register. Sent without credentials; the new user is signed in. */
export function register(input: RegisterInput): Promise<User> {
  return api.post<User>(`${API_BASE}/users/register`, input, { anonymous: true });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => {
      queryClient.removeQueries();
      queryClient.setQueryData(currentUserQueryKey, user);
    },
  });
}
