import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import type { CronWorkflows } from '@/types/api';
import { cronsQueryKey } from './list-crons';

export const cronPath = (tenantId: string, cronId: string) =>
  `${API_BASE}/tenants/${encodeURIComponent(tenantId)}/workflows/crons/${encodeURIComponent(cronId)}`;

/** GET /api/v1/tenants/{tenant}/workflows/crons/{cron}: one cron with its last fire. */
export function getCron(tenantId: string, cronId: string, signal?: AbortSignal) {
  return api.get<CronWorkflows>(cronPath(tenantId, cronId), { signal });
}

export const cronQueryKey = (tenantId: string, cronId: string) =>
  [...cronsQueryKey(tenantId), 'detail', cronId] as const;

export function cronQueryOptions(tenantId: string, cronId: string) {
  return queryOptions({
    queryKey: cronQueryKey(tenantId, cronId),
    queryFn: ({ signal }) => getCron(tenantId, cronId, signal),
  });
}

/** The cron, refreshed with the lists (its last fire moves as it fires). */
export function useCron(
  tenantId: string,
  cronId: string,
  options: { refetchInterval?: number | false } = {},
) {
  return useQuery({
    ...cronQueryOptions(tenantId, cronId),
    refetchInterval: options.refetchInterval ?? false,
  });
}
