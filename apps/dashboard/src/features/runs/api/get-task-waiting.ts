import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import type { V1TaskWaiting } from '@/types/api';

/** How often the task panel asks again while the task waits: the reason changes as it goes. */
export const WAITING_POLL_MS = 2_000;

/**
 * GET /api/v1/stable/tasks/{task}/waiting: why a queued task has not started, as the
 * scheduler holds it at this moment (a concurrency key at its limit, no worker, full slots...).
 */
export function getTaskWaiting(taskId: string, signal?: AbortSignal): Promise<V1TaskWaiting> {
  return api.get<V1TaskWaiting>(`${API_BASE}/stable/tasks/${encodeURIComponent(taskId)}/waiting`, {
    signal,
  });
}

export function taskWaitingQueryOptions(taskId: string) {
  return queryOptions({
    queryKey: ['tasks', taskId, 'waiting'] as const,
    queryFn: ({ signal }) => getTaskWaiting(taskId, signal),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
}

/**
 * The reason, asked when it comes on screen (screens show it only for a queued task, and the
 * runs list only on hover); `poll` asks again every two seconds while it stays there.
 */
export function useTaskWaiting(taskId: string, options: { poll?: boolean } = {}) {
  return useQuery({
    ...taskWaitingQueryOptions(taskId),
    refetchInterval: options.poll ? WAITING_POLL_MS : false,
  });
}
