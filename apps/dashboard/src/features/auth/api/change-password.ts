import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import type { User } from '@/types/api';
import { currentUserQueryKey } from './get-current-user';

export interface ChangePasswordInput {
  /** The current password. */
  password: string;
  newPassword: string;
}

/** POST /api/v1/users/password: every other session of the user is signed out. */
export function changePassword(input: ChangePasswordInput): Promise<User> {
  return api.post<User>(`${API_BASE}/users/password`, input);
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: (user) => queryClient.setQueryData(currentUserQueryKey, user),
  });
}
