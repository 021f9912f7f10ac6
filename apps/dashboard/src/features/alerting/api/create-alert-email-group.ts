import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TenantAlertEmailGroup } from '@trellis/api-contract';
import { API_BASE, api } from '@/lib/api-client';
import { alertEmailGroupsQueryKey } from './list-alert-email-groups';

/** POST /api/v1/tenants/{tenant}/alerting-email-groups: 201 with the group. */
export function createAlertEmailGroup(
  tenantId: string,
  emails: string[],
): Promise<TenantAlertEmailGroup> {
  return api.post<TenantAlertEmailGroup>(
    `${API_BASE}/tenants/${encodeURIComponent(tenantId)}/alerting-email-groups`,
    { emails },
  );
}

export function useCreateAlertEmailGroup(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (emails: string[]) => createAlertEmailGroup(tenantId, emails),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: alertEmailGroupsQueryKey(tenantId) }),
  });
}
