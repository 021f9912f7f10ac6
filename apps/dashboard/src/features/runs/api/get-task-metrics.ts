import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import type { V1TaskRunMetric } from '@/types/api';

export interface TaskMetricsQuery {
  since: string;
  until?: string;
  workflow_ids?: string[];
  additional_metadata?: string[];
  parent_task_external_id?: string;
  /** Trellis: runs with a task on this worker. */
  worker_id?: string;
}

/**
 * GET /api/v1/stable/tenants/{tenant}/task-metrics: how many tasks of the window are in each
 * status. Unlike the reference, the runs list passes `until` too, so the badges count the
 * same window the table shows.
 */
export function getTaskMetrics(
  tenantId: string,
  query: TaskMetricsQuery,
  signal?: AbortSignal,
): Promise<V1TaskRunMetric[]> {
  return api.get<V1TaskRunMetric[]>(
    `${API_BASE}/stable/tenants/${encodeURIComponent(tenantId)}/task-metrics`,
    { query: { ...query }, signal },
  );
}

export function taskMetricsQueryOptions(tenantId: string, query: TaskMetricsQuery) {
  return queryOptions({
    queryKey: ['tenants', tenantId, 'task-metrics', query] as const,
    queryFn: ({ signal }) => getTaskMetrics(tenantId, query, signal),
  });
}

export function useTaskMetrics(
  tenantId: string,
  query: TaskMetricsQuery,
  options: { refetchInterval?: number | false } = {},
) {
  return useQuery({
    ...taskMetricsQueryOptions(tenantId, query),
    placeholderData: (previous) => previous,
    refetchInterval: options.refetchInterval ?? false,
  });
}
