import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TenantAlertEmailGroup } from '@trellis/api-contract';
import { API_BASE, api } from '@/lib/api-client';

export interface AlertEmailGroupList {
  rows: TenantAlertEmailGroup[];
}

/** GET /api/v1/tenants/{tenant}/alerting-email-groups: the tenant's groups, oldest first. */
export function listAlertEmailGroups(
  tenantId: string,
  signal?: AbortSignal,
): Promise<AlertEmailGroupList> {
  return api.get<AlertEmailGroupList>(
    `${API_BASE}/tenants/${encodeURIComponent(tenantId)}/alerting-email-groups`,
    { signal },
  );
}

export const alertEmailGroupsQueryKey = (tenantId: string) =>
  ['tenants', tenantId, 'alerting-email-groups'] as const;

export function alertEmailGroupsQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: alertEmailGroupsQueryKey(tenantId),
    queryFn: ({ signal }) => listAlertEmailGroups(tenantId, signal),
  });
}

export function useAlertEmailGroups(
  tenantId: string,
  options: { refetchInterval?: number | false } = {},
) {
  return useQuery({
    ...alertEmailGroupsQueryOptions(tenantId),
    refetchInterval: options.refetchInterval ?? false,
  });
}
