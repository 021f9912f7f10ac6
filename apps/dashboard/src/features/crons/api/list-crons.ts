import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import type { CronWorkflows, ListResponse } from '@/types/api';
import type { CronListQuery } from '../utils/cron-filters';

/**
 * GET /api/v1/tenants/{tenant}/workflows/crons: a page of cron triggers, those declared in
 * code and those created over REST, each with its last fire.
 */
export function listCrons(
  tenantId: string,
  query: CronListQuery,
  signal?: AbortSignal,
): Promise<ListResponse<CronWorkflows>> {
  return api.get<ListResponse<CronWorkflows>>(
    `${API_BASE}/tenants/${encodeURIComponent(tenantId)}/workflows/crons`,
    { query, signal },
  );
}

export const cronsQueryKey = (tenantId: string) => ['tenants', tenantId, 'crons'] as const;

export function cronsQueryOptions(tenantId: string, query: CronListQuery) {
  return queryOptions({
    queryKey: [...cronsQueryKey(tenantId), 'list', query] as const,
    queryFn: ({ signal }) => listCrons(tenantId, query, signal),
  });
}

export function useCrons(
  tenantId: string,
  query: CronListQuery,
  options: { refetchInterval?: number | false } = {},
) {
  return useQuery({
    ...cronsQueryOptions(tenantId, query),
    placeholderData: keepPreviousData,
    refetchInterval: options.refetchInterval ?? false,
  });
}
