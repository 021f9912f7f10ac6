import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import type { Worker } from '@/types/api';

/** GET /api/v1/workers/{worker}: a worker with its registered workflows and recent tasks. */
export function getWorker(workerId: string, signal?: AbortSignal): Promise<Worker> {
  return api.get<Worker>(`${API_BASE}/workers/${encodeURIComponent(workerId)}`, { signal });
}

export const workerQueryKey = (workerId: string) => ['workers', workerId] as const;

export function workerQueryOptions(workerId: string) {
  return queryOptions({
    queryKey: workerQueryKey(workerId),
    queryFn: ({ signal }) => getWorker(workerId, signal),
  });
}

export function useWorker(workerId: string, options: { refetchInterval?: number | false } = {}) {
  return useQuery({
    ...workerQueryOptions(workerId),
    refetchInterval: options.refetchInterval ?? false,
  });
}
