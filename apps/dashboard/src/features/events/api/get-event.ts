import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import type { V1Event } from '@/types/api';
import { eventsQueryKey } from './list-events';

/** GET /api/v1/stable/tenants/{tenant}/events/{event}: one event with its payload. */
export function getEvent(
  tenantId: string,
  eventId: string,
  signal?: AbortSignal,
): Promise<V1Event> {
  return api.get<V1Event>(
    `${API_BASE}/stable/tenants/${encodeURIComponent(tenantId)}/events/${encodeURIComponent(eventId)}`,
    { signal },
  );
}

export function eventQueryOptions(tenantId: string, eventId: string) {
  return queryOptions({
    queryKey: [...eventsQueryKey(tenantId), 'detail', eventId] as const,
    queryFn: ({ signal }) => getEvent(tenantId, eventId, signal),
  });
}

export function useEvent(
  tenantId: string,
  eventId: string,
  options: { refetchInterval?: number | false } = {},
) {
  return useQuery({
    ...eventQueryOptions(tenantId, eventId),
    refetchInterval: options.refetchInterval ?? false,
  });
}
