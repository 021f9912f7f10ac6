import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import { alertEmailGroupsQueryKey } from './list-alert-email-groups';

/** DELETE /api/v1/alerting-email-groups/{group}: 204, no body. */
export function deleteAlertEmailGroup(groupId: string): Promise<void> {
  return api.delete<void>(`${API_BASE}/alerting-email-groups/${encodeURIComponent(groupId)}`);
}

export function useDeleteAlertEmailGroup(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAlertEmailGroup,
    // Refetch after a failure too: a 404 means someone else deleted it already.
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: alertEmailGroupsQueryKey(tenantId) }),
  });
}
