import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Tenant, UpdateTenantRequest } from '@/types/api';
import { API_BASE, api } from '@/lib/api-client';
import { alertingSettingsQueryKey } from './get-alerting-settings';

/** The fields of `PATCH tenants/{tenant}` that change the alerting settings. */
export type AlertingSettingsChange = Pick<
  UpdateTenantRequest,
  | 'alertMemberEmails'
  | 'enableWorkflowRunFailureAlerts'
  | 'enableExpiringTokenAlerts'
  | 'enableTenantResourceLimitAlerts'
  | 'maxAlertingFrequency'
>;

/** PATCH /api/v1/tenants/{tenant} with alerting fields only: answers the tenant. */
export function updateAlertingSettings(
  tenantId: string,
  change: AlertingSettingsChange,
): Promise<Tenant> {
  return api.patch<Tenant>(`${API_BASE}/tenants/${encodeURIComponent(tenantId)}`, change);
}

export function useUpdateAlertingSettings(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: AlertingSettingsChange) => updateAlertingSettings(tenantId, change),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: alertingSettingsQueryKey(tenantId) }),
        // The tenant itself carries alertMemberEmails.
        queryClient.invalidateQueries({ queryKey: ['tenants', tenantId], exact: true }),
      ]),
  });
}
