import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { tenantAlertingSettingsSchema } from '@trellis/api-contract';
import { API_BASE, api } from '@/lib/api-client';

export type AlertingSettings = z.infer<typeof tenantAlertingSettingsSchema>;

/**
 * GET /api/v1/tenants/{tenant}/alerting/settings: the switches, the frequency, when the last
 * failure alert went out and (Trellis) the last alert that could not be delivered.
 */
export function getAlertingSettings(
  tenantId: string,
  signal?: AbortSignal,
): Promise<AlertingSettings> {
  return api.get<AlertingSettings>(
    `${API_BASE}/tenants/${encodeURIComponent(tenantId)}/alerting/settings`,
    { signal },
  );
}

export const alertingSettingsQueryKey = (tenantId: string) =>
  ['tenants', tenantId, 'alerting', 'settings'] as const;

export function alertingSettingsQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: alertingSettingsQueryKey(tenantId),
    queryFn: ({ signal }) => getAlertingSettings(tenantId, signal),
  });
}

export function useAlertingSettings(
  tenantId: string,
  options: { refetchInterval?: number | false } = {},
) {
  return useQuery({
    ...alertingSettingsQueryOptions(tenantId),
    refetchInterval: options.refetchInterval ?? false,
  });
}
