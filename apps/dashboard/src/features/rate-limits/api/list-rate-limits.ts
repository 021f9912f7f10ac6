import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import type { ListResponse, RateLimit } from '@/types/api';

export interface RateLimitListQuery {
  offset: number;
  limit: number;
  /** Part of the key, any case; empty for all. */
  search: string;
}

/**
 * GET /api/v1/tenants/{tenant}/rate-limits: a page of the tenant's rate limits by key, each
 * with the units left in its current window.
 */
export function listRateLimits(
  tenantId: string,
  query: RateLimitListQuery,
  signal?: AbortSignal,
): Promise<ListResponse<RateLimit>> {
  return api.get<ListResponse<RateLimit>>(
    `${API_BASE}/tenants/${encodeURIComponent(tenantId)}/rate-limits`,
    {
      query: {
        search: query.search || undefined,
        orderByField: 'key',
        orderByDirection: 'asc',
        offset: query.offset,
        limit: query.limit,
      },
      signal,
    },
  );
}

export const rateLimitsQueryKey = (tenantId: string) =>
  ['tenants', tenantId, 'rate-limits'] as const;

export function rateLimitsQueryOptions(tenantId: string, query: RateLimitListQuery) {
  return queryOptions({
    queryKey: [...rateLimitsQueryKey(tenantId), query] as const,
    queryFn: ({ signal }) => listRateLimits(tenantId, query, signal),
  });
}

export function useRateLimits(
  tenantId: string,
  query: RateLimitListQuery,
  options: { refetchInterval?: number | false } = {},
) {
  return useQuery({
    ...rateLimitsQueryOptions(tenantId, query),
    placeholderData: keepPreviousData,
    refetchInterval: options.refetchInterval ?? false,
  });
}
