import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import type { Worker } from '@/types/api';
import { workerQueryKey } from './get-worker';
import { workersQueryKey } from './list-workers';

/** PATCH /api/v1/workers/{worker} `{isPaused}`: a paused worker is sent no new tasks. */
export function updateWorker(workerId: string, input: { isPaused: boolean }): Promise<Worker> {
  return api.patch<Worker>(`${API_BASE}/workers/${encodeURIComponent(workerId)}`, input);
}

export function useUpdateWorker(tenantId: string, workerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { isPaused: boolean }) => updateWorker(workerId, input),
    onSuccess: (worker) => {
      // The answer has no recent tasks or workflows: keep those from the detail.
      queryClient.setQueryData<Worker>(workerQueryKey(workerId), (previous) =>
        previous ? { ...previous, status: worker.status } : previous,
      );
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: workerQueryKey(workerId) }),
        queryClient.invalidateQueries({ queryKey: workersQueryKey(tenantId) }),
      ]),
  });
}
