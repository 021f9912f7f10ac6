import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import type { V1TaskSummary } from '@/types/api';

/**
 * GET /api/v1/stable/tasks/{task}?attempt=N: a task as one attempt left it (status, times,
 * error; an earlier attempt's output is not kept, so it answers an empty one).
 */
export function getTaskAttempt(
  taskId: string,
  attempt: number,
  signal?: AbortSignal,
): Promise<V1TaskSummary> {
  return api.get<V1TaskSummary>(`${API_BASE}/stable/tasks/${encodeURIComponent(taskId)}`, {
    query: { attempt },
    signal,
  });
}

export function taskAttemptQueryOptions(taskId: string, attempt: number) {
  return queryOptions({
    queryKey: ['tasks', taskId, { attempt }] as const,
    queryFn: ({ signal }) => getTaskAttempt(taskId, attempt, signal),
  });
}

/** One attempt, fresh while the task is live (the latest attempt may still be running). */
export function useTaskAttempt(
  taskId: string,
  attempt: number,
  options: { refetchInterval?: number | false } = {},
) {
  return useQuery({
    ...taskAttemptQueryOptions(taskId, attempt),
    refetchInterval: options.refetchInterval ?? false,
  });
}
