import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import type { TaskStats } from '@/types/api';
import { QUEUE_METRICS_POLL_MS } from './get-step-run-queue-metrics';

/**
 * GET /api/v1/tenants/{tenant}/task-stats: per task name, how many tasks are queued and
 * running, per queue and per concurrency key, and the oldest queued.
 */
export function getTaskStats(tenantId: string, signal?: AbortSignal): Promise<TaskStats> {
  return api.get<TaskStats>(`${API_BASE}/tenants/${encodeURIComponent(tenantId)}/task-stats`, {
    signal,
  });
}

export function taskStatsQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: ['tenants', tenantId, 'task-stats'] as const,
    queryFn: ({ signal }) => getTaskStats(tenantId, signal),
  });
}

/** Polled with the queue metrics, in the same dialog. */
export function useTaskStats(tenantId: string) {
  return useQuery({ ...taskStatsQueryOptions(tenantId), refetchInterval: QUEUE_METRICS_POLL_MS });
}
