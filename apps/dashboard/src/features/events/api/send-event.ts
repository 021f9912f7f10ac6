import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import type { CreateEventRequest, CreatedEvent } from '@/types/api';
import { eventsQueryKey } from './list-events';

/**
 * POST /api/v1/tenants/{tenant}/events: pushes an event, as an SDK would; it triggers the
 * workflows whose event triggers (and filters) match it.
 */
export function sendEvent(tenantId: string, input: CreateEventRequest): Promise<CreatedEvent> {
  return api.post<CreatedEvent>(
    `${API_BASE}/tenants/${encodeURIComponent(tenantId)}/events`,
    input,
  );
}

export function useSendEvent(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateEventRequest) => sendEvent(tenantId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventsQueryKey(tenantId) }),
  });
}
