import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import type { V1DurableEventLogEntry } from '@/types/api';

/** The server's largest page: a log longer than this shows its first nodes only. */
export const DURABLE_LOG_LIMIT = 1000;

/**
 * GET /api/v1/stable/tenants/{tenant}/durable-tasks/{task}?offset&limit: a durable task's event
 * log in call order (its waits, memos and spawned runs), as a bare array; empty for a task
 * that is not durable or has made no durable call yet.
 */
export function getDurableEventLog(
  tenantId: string,
  taskId: string,
  signal?: AbortSignal,
): Promise<V1DurableEventLogEntry[]> {
  return api.get<V1DurableEventLogEntry[]>(
    `${API_BASE}/stable/tenants/${encodeURIComponent(tenantId)}/durable-tasks/${encodeURIComponent(taskId)}`,
    { query: { offset: 0, limit: DURABLE_LOG_LIMIT }, signal },
  );
}

export function durableEventLogQueryOptions(tenantId: string, taskId: string) {
  return queryOptions({
    queryKey: ['tasks', taskId, 'durable-log'] as const,
    queryFn: ({ signal }) => getDurableEventLog(tenantId, taskId, signal),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
}

/** The log, asked again every `refetchInterval` (the task panel's clock). */
export function useDurableEventLog(
  tenantId: string,
  taskId: string,
  options: { refetchInterval: number | false },
) {
  return useQuery({
    ...durableEventLogQueryOptions(tenantId, taskId),
    refetchInterval: options.refetchInterval,
  });
}
