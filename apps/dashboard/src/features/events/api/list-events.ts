import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import type { ListResponse, V1Event } from '@/types/api';
import type { EventListQuery } from '../utils/event-filters';

/**
 * GET /api/v1/stable/tenants/{tenant}/events: a page of events, newest first, each with the
 * counts of the runs it triggered by status.
 */
export function listEvents(
  tenantId: string,
  query: EventListQuery,
  signal?: AbortSignal,
): Promise<ListResponse<V1Event>> {
  return api.get<ListResponse<V1Event>>(
    `${API_BASE}/stable/tenants/${encodeURIComponent(tenantId)}/events`,
    { query, signal },
  );
}

export const eventsQueryKey = (tenantId: string) => ['tenants', tenantId, 'events'] as const;

export function eventsQueryOptions(tenantId: string, query: EventListQuery) {
  return queryOptions({
    queryKey: [...eventsQueryKey(tenantId), 'list', query] as const,
    queryFn: ({ signal }) => listEvents(tenantId, query, signal),
  });
}

export function useEvents(
  tenantId: string,
  query: EventListQuery,
  options: { refetchInterval?: number | false } = {},
) {
  return useQuery({
    ...eventsQueryOptions(tenantId, query),
    // The previous page stays on screen while the next one loads: no flashing.
    placeholderData: keepPreviousData,
    refetchInterval: options.refetchInterval ?? false,
  });
}
