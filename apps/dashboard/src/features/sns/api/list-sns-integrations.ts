import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SnsIntegration } from '@trellis/api-contract';
import { API_BASE, api } from '@/lib/api-client';
import type { ListResponse } from '@/types/api';

export const snsIntegrationsPath = (tenantId: string) =>
  `${API_BASE}/tenants/${encodeURIComponent(tenantId)}/sns`;

/** GET /api/v1/tenants/{tenant}/sns: the topics the tenant accepts, each with its ingest URL. */
export function listSnsIntegrations(
  tenantId: string,
  signal?: AbortSignal,
): Promise<ListResponse<SnsIntegration>> {
  return api.get<ListResponse<SnsIntegration>>(snsIntegrationsPath(tenantId), { signal });
}

export const snsIntegrationsQueryKey = (tenantId: string) => ['tenants', tenantId, 'sns'] as const;

export function snsIntegrationsQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: snsIntegrationsQueryKey(tenantId),
    queryFn: ({ signal }) => listSnsIntegrations(tenantId, signal),
  });
}

export function useSnsIntegrations(
  tenantId: string,
  options: { refetchInterval?: number | false } = {},
) {
  return useQuery({
    ...snsIntegrationsQueryOptions(tenantId),
    refetchInterval: options.refetchInterval ?? false,
  });
}
