import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import { eventsQueryKey } from './list-events';

/** GET /api/v1/stable/tenants/{tenant}/events/keys: the distinct keys events were sent with. */
export function listEventKeys(tenantId: string, signal?: AbortSignal): Promise<{ rows: string[] }> {
  return api.get<{ rows: string[] }>(
    `${API_BASE}/stable/tenants/${encodeURIComponent(tenantId)}/events/keys`,
    { signal },
  );
}

export function eventKeysQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: [...eventsQueryKey(tenantId), 'keys'] as const,
    queryFn: ({ signal }) => listEventKeys(tenantId, signal),
  });
}

/** Keys to suggest while typing one; a new key appears after the next event list refresh. */
export function useEventKeys(tenantId: string) {
  return useQuery(eventKeysQueryOptions(tenantId));
}
