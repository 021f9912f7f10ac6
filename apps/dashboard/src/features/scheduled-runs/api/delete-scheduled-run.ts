import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { scheduledRunPath } from './get-scheduled-run';
import { scheduledRunsQueryKey } from './list-scheduled-runs';

/**
 * DELETE /api/v1/tenants/{tenant}/workflows/scheduled/{id} (204): before it fires, the run
 * never happens; after, only the trigger goes and the run stays.
 */
export function deleteScheduledRun(tenantId: string, scheduledRunId: string) {
  return api.delete<undefined>(scheduledRunPath(tenantId, scheduledRunId));
}

export function useDeleteScheduledRun(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (scheduledRunId: string) => deleteScheduledRun(tenantId, scheduledRunId),
    // Only the lists: the open panel's own query would refetch and find nothing before it closes.
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: [...scheduledRunsQueryKey(tenantId), 'list'] }),
  });
}
