import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import type { ApiResourceMeta, ListResponse } from '@/types/api';

/**
 * The few worker fields the dashboard reads so far. The API contract has no worker schema
 * yet (the worker protocol arrives in a later server build); when it does, use its type.
 */
export interface WorkerSummary {
  metadata: ApiResourceMeta;
  name: string;
  status?: string;
}

/** GET /api/v1/tenants/{tenant}/worker: the tenant's workers. */
export function listWorkers(
  tenantId: string,
  signal?: AbortSignal,
): Promise<ListResponse<WorkerSummary>> {
  return api.get<ListResponse<WorkerSummary>>(
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

/** The tenant's workers; with `pollWhileEmptyMs`, asks again until the first one appears. */
export function useWorkers(tenantId: string, options: { pollWhileEmptyMs?: number } = {}) {
  return useQuery({
    ...workersQueryOptions(tenantId),
    refetchInterval: (query) => {
      // A server without the worker API (404) will not grow one by polling.
      if (query.state.status === 'error' || !options.pollWhileEmptyMs) return false;
      return query.state.data?.rows.length ? false : options.pollWhileEmptyMs;
    },
  });
}
