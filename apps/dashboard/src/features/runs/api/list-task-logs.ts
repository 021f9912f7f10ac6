import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLiveStatus } from '@/hooks/use-live-status';
import { API_BASE, api } from '@/lib/api-client';
import type { ListResponse, V1LogLine } from '@/types/api';

/** Lines fetched per request; a full page means more may follow. */
export const LOG_PAGE_SIZE = 500;
/** How often a running task's log is tailed. */
export const LOG_TAIL_MS = 1_000;

/**
 * GET /api/v1/stable/tasks/{task}/logs?limit&since: log lines oldest first; `since` is an
 * exclusive lower bound on their time, so passing the last line's time pages forward.
 */
export function listTaskLogs(
  taskId: string,
  params: { since?: string; limit: number },
  signal?: AbortSignal,
): Promise<ListResponse<V1LogLine>> {
  return api.get<ListResponse<V1LogLine>>(
    `${API_BASE}/stable/tasks/${encodeURIComponent(taskId)}/logs`,
    { query: { limit: params.limit, since: params.since }, signal },
  );
}

export interface TaskLog {
  lines: V1LogLine[];
  /** The last request filled a page: older tasks may have more to load. */
  more: boolean;
}

export const taskLogQueryKey = (taskId: string) => ['tasks', taskId, 'logs'] as const;

/**
 * A task's log, growing at the end: every fetch asks only for lines after the last one it
 * has and appends them. While the task runs it tails every second (unless live updates name
 * the tasks with new lines); once finished, `loadMore`
 * fetches the next page when the last one was full.
 */
export function useTaskLog(taskId: string, running: boolean) {
  const queryClient = useQueryClient();
  const live = useLiveStatus() === 'live';
  const queryKey = taskLogQueryKey(taskId);
  const query = useQuery({
    queryKey,
    queryFn: async ({ signal }): Promise<TaskLog> => {
      const previous = queryClient.getQueryData<TaskLog>(queryKey);
      const since = previous?.lines.at(-1)?.createdAt;
      const page = await listTaskLogs(taskId, { since, limit: LOG_PAGE_SIZE }, signal);
      const rows = page.rows ?? [];
      return { lines: [...(previous?.lines ?? []), ...rows], more: rows.length === LOG_PAGE_SIZE };
    },
    // Live updates name the tasks with new lines: no tail then.
    refetchInterval: running && !live ? LOG_TAIL_MS : false,
  });
  // The lines a task writes just before it finishes arrive after the last tail: fetch once
  // more when it stops running.
  const wasRunning = useRef(running);
  const { refetch } = query;
  useEffect(() => {
    if (wasRunning.current && !running) void refetch();
    wasRunning.current = running;
  }, [running, refetch]);
  return { ...query, loadMore: () => void query.refetch() };
}
