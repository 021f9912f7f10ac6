import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import type { ScheduledWorkflows } from '@/types/api';
import { scheduledRunsQueryKey } from './list-scheduled-runs';

export const scheduledRunPath = (tenantId: string, scheduledRunId: string) =>
  `${API_BASE}/tenants/${encodeURIComponent(tenantId)}/workflows/scheduled/${encodeURIComponent(scheduledRunId)}`;

/** GET /api/v1/tenants/{tenant}/workflows/scheduled/{id}: with its run once it fired. */
export function getScheduledRun(tenantId: string, scheduledRunId: string, signal?: AbortSignal) {
  return api.get<ScheduledWorkflows>(scheduledRunPath(tenantId, scheduledRunId), { signal });
}

export const scheduledRunQueryKey = (tenantId: string, scheduledRunId: string) =>
  [...scheduledRunsQueryKey(tenantId), 'detail', scheduledRunId] as const;

export function scheduledRunQueryOptions(tenantId: string, scheduledRunId: string) {
  return queryOptions({
    queryKey: scheduledRunQueryKey(tenantId, scheduledRunId),
    queryFn: ({ signal }) => getScheduledRun(tenantId, scheduledRunId, signal),
  });
}

export function useScheduledRun(
  tenantId: string,
  scheduledRunId: string,
  options: { refetchInterval?: number | false } = {},
) {
  return useQuery({
    ...scheduledRunQueryOptions(tenantId, scheduledRunId),
    refetchInterval: options.refetchInterval ?? false,
  });
}
