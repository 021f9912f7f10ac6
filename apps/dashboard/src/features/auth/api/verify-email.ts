import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import { currentUserQueryKey } from './get-current-user';

/**
 * POST /api/v1/users/verify-email: spends the token of a mailed link. Sent without a session:
 * the token is the credential, so the link works in any browser.
 */
export function verifyEmail(token: string): Promise<void> {
  return api.post<void>(`${API_BASE}/users/verify-email`, { token }, { anonymous: true });
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    // The signed-in user (if this browser has one) is verified now.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}

/** POST /api/v1/users/verify-email/resend: mails a new link; the server allows one a minute. */
export function resendVerificationEmail(): Promise<void> {
  return api.post<void>(`${API_BASE}/users/verify-email/resend`);
}

export function useResendVerificationEmail() {
  return useMutation({ mutationFn: resendVerificationEmail });
}
