import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import type { ListResponse, Worker } from '@/types/api';

/** GET /api/v1/tenants/{tenant}/worker: workers that sent a heartbeat in the last 24 hours. */
export function listWorkers(tenantId: string, signal?: AbortSignal): Promise<ListResponse<Worker>> {
  return api.get<ListResponse<Worker>>(
    `${API_BASE}/tenants/${encodeURIComponent(tenantId)}/worker`,
    { signal },
  );
}

export const workersQueryKey = (tenantId: string) => ['tenants', tenantId, 'workers'] as const;

export function workersQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: workersQueryKey(tenantId),
    queryFn: ({ signal }) => listWorkers(tenantId, signal),
  });
}

/**
 * The tenant's workers. With `pollWhileEmptyMs`, asks again until the first one appears;
 * otherwise follows `refetchInterval` (the user's auto-refresh choice).
 */
export function useWorkers(
  tenantId: string,
  options: { pollWhileEmptyMs?: number; refetchInterval?: number | false } = {},
) {
  return useQuery({
    ...workersQueryOptions(tenantId),
    refetchInterval: (query) => {
      // A server without the worker API (404) will not grow one by polling.
      if (query.state.status === 'error') return false;
      if (options.pollWhileEmptyMs) {
        return query.state.data?.rows.length ? false : options.pollWhileEmptyMs;
      }
      return options.refetchInterval ?? false;
    },
  });
}
