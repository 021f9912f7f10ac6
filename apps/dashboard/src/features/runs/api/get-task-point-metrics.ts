import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import type { ChartPoint } from '../utils/run-chart';

/**
 * GET /api/v1/stable/tenants/{tenant}/task-point-metrics?createdAfter&finishedBefore:
 * succeeded and failed tasks per time bucket, every bucket present (zeros included).
 */
export function getTaskPointMetrics(
  tenantId: string,
  range: { createdAfter: string; finishedBefore?: string },
  signal?: AbortSignal,
): Promise<{ results?: ChartPoint[] }> {
  return api.get<{ results?: ChartPoint[] }>(
    `${API_BASE}/stable/tenants/${encodeURIComponent(tenantId)}/task-point-metrics`,
    { query: range, signal },
  );
}

export function useTaskPointMetrics(
  tenantId: string,
  range: { createdAfter: string; finishedBefore?: string },
  options: { refetchInterval?: number | false; enabled?: boolean } = {},
) {
  return useQuery({
    ...queryOptions({
      queryKey: ['tenants', tenantId, 'task-point-metrics', range] as const,
      queryFn: ({ signal }) => getTaskPointMetrics(tenantId, range, signal),
    }),
    placeholderData: (previous) => previous,
    refetchInterval: options.refetchInterval ?? false,
    enabled: options.enabled ?? true,
  });
}
