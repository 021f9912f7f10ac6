import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ScheduledWorkflows } from '@/types/api';
import { scheduledRunPath, scheduledRunQueryKey } from './get-scheduled-run';
import { scheduledRunsQueryKey } from './list-scheduled-runs';

/**
 * PATCH /api/v1/tenants/{tenant}/workflows/scheduled/{id} `{triggerAt}`: moves a run that has
 * not fired yet; one that has is refused with a message.
 */
export function rescheduleRun(
  tenantId: string,
  scheduledRunId: string,
  triggerAt: string,
): Promise<ScheduledWorkflows> {
  return api.patch<ScheduledWorkflows>(scheduledRunPath(tenantId, scheduledRunId), { triggerAt });
}

export function useRescheduleRun(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, triggerAt }: { id: string; triggerAt: string }) =>
      rescheduleRun(tenantId, id, triggerAt),
    onSuccess: (scheduled) => {
      queryClient.setQueryData(scheduledRunQueryKey(tenantId, scheduled.metadata.id), scheduled);
      return queryClient.invalidateQueries({
        queryKey: [...scheduledRunsQueryKey(tenantId), 'list'],
      });
    },
  });
}
