import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import type { V1TaskTiming } from '@/types/api';

/**
 * GET /api/v1/stable/workflow-runs/{run}/task-timings?depth: when each task of the run (and
 * of its child runs, `depth` levels down) was queued, started and finished; depth-first.
 */
export function getTaskTimings(
  runId: string,
  depth: number,
  signal?: AbortSignal,
): Promise<{ rows: V1TaskTiming[] }> {
  return api.get<{ rows: V1TaskTiming[] }>(
    `${API_BASE}/stable/workflow-runs/${encodeURIComponent(runId)}/task-timings`,
    { query: { depth }, signal },
  );
}

export function useTaskTimings(
  runId: string,
  depth: number,
  options: { refetchInterval?: number | false } = {},
) {
  return useQuery({
    ...queryOptions({
      queryKey: ['workflow-runs', runId, 'task-timings', depth] as const,
      queryFn: ({ signal }) => getTaskTimings(runId, depth, signal),
    }),
    placeholderData: (previous) => previous,
    refetchInterval: options.refetchInterval ?? false,
  });
}
