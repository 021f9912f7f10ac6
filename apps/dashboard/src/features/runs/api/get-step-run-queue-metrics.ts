import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import type { TenantStepRunQueueMetrics } from '@/types/api';

/** The Queue Metrics dialog asks again this often while it is open (reference section 9). */
export const QUEUE_METRICS_POLL_MS = 5_000;

/**
 * GET /api/v1/tenants/{tenant}/step-run-queue-metrics: how many tasks wait in each queue (an
 * action, `<workflow>:<task>`), as the scheduler holds them.
 */
export function getStepRunQueueMetrics(
  tenantId: string,
  signal?: AbortSignal,
): Promise<TenantStepRunQueueMetrics> {
  return api.get<TenantStepRunQueueMetrics>(
    `${API_BASE}/tenants/${encodeURIComponent(tenantId)}/step-run-queue-metrics`,
    { signal },
  );
}

export function stepRunQueueMetricsQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: ['tenants', tenantId, 'step-run-queue-metrics'] as const,
    queryFn: ({ signal }) => getStepRunQueueMetrics(tenantId, signal),
  });
}

/** Polled every five seconds for as long as the caller (the open dialog) is mounted. */
export function useStepRunQueueMetrics(tenantId: string) {
  return useQuery({
    ...stepRunQueueMetricsQueryOptions(tenantId),
    refetchInterval: QUEUE_METRICS_POLL_MS,
  });
}
