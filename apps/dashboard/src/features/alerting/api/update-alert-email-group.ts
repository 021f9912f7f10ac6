import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TenantAlertEmailGroup } from '@trellis/api-contract';
import { API_BASE, api } from '@/lib/api-client';
import { alertEmailGroupsQueryKey } from './list-alert-email-groups';

/** PATCH /api/v1/alerting-email-groups/{group}: replaces the group's addresses. */
export function updateAlertEmailGroup(
  groupId: string,
  emails: string[],
): Promise<TenantAlertEmailGroup> {
  return api.patch<TenantAlertEmailGroup>(
    `${API_BASE}/alerting-email-groups/${encodeURIComponent(groupId)}`,
    { emails },
  );
}

export function useUpdateAlertEmailGroup(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, emails }: { groupId: string; emails: string[] }) =>
      updateAlertEmailGroup(groupId, emails),
    // Refetch after a failure too: a 404 means someone else deleted it meanwhile.
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: alertEmailGroupsQueryKey(tenantId) }),
  });
}
