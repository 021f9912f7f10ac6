import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import type { CancelledEventRuns, CreatedEvent, ListResponse } from '@/types/api';

export type EventAction = 'replay' | 'cancel';

/** What each action answers: the new events of a replay, the runs a cancel reached. */
export interface EventActionResult {
  replay: ListResponse<CreatedEvent>;
  cancel: CancelledEventRuns;
}

/**
 * POST /api/v1/tenants/{tenant}/events/replay | events/cancel `{eventIds}`: replay pushes each
 * event again as a new event linked to it; cancel stops the unfinished runs they triggered.
 */
export function actOnEvents<A extends EventAction>(
  tenantId: string,
  action: A,
  eventIds: string[],
): Promise<EventActionResult[A]> {
  return api.post<EventActionResult[A]>(
    `${API_BASE}/tenants/${encodeURIComponent(tenantId)}/events/${action}`,
    { eventIds },
  );
}

export function useEventAction(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, eventIds }: { action: EventAction; eventIds: string[] }) =>
      actOnEvents(tenantId, action, eventIds),
    // Both change what much of the tenant shows: new events (replay), new runs and statuses
    // (the events' run counts, the runs lists, the open event's runs).
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['tenants', tenantId] }),
  });
}
