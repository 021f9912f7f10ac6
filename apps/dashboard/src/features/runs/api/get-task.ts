import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import type { V1TaskSummary } from '@/types/api';

/** GET /api/v1/stable/tasks/{task}: one task with its payloads and its run's id. */
export function getTask(taskId: string, signal?: AbortSignal): Promise<V1TaskSummary> {
  return api.get<V1TaskSummary>(`${API_BASE}/stable/tasks/${encodeURIComponent(taskId)}`, {
    signal,
  });
}

export function taskQueryOptions(taskId: string) {
  return queryOptions({
    queryKey: ['tasks', taskId] as const,
    queryFn: ({ signal }) => getTask(taskId, signal),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
}

/** A task looked up once (to find its run); `enabled` when there is reason to. */
export function useTask(taskId: string | undefined, enabled = true) {
  return useQuery({
    ...taskQueryOptions(taskId ?? ''),
    enabled: enabled && Boolean(taskId),
    staleTime: 60_000,
  });
}
