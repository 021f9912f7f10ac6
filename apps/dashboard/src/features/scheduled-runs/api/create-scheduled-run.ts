import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import type { ScheduleRunRequest, ScheduledWorkflows } from '@/types/api';
import { scheduledRunsQueryKey } from './list-scheduled-runs';

/** POST /api/v1/tenants/{tenant}/workflows/{workflow}/scheduled: one run at `triggerAt`. */
export function createScheduledRun(
  tenantId: string,
  workflowName: string,
  body: ScheduleRunRequest,
): Promise<ScheduledWorkflows> {
  return api.post<ScheduledWorkflows>(
    `${API_BASE}/tenants/${encodeURIComponent(tenantId)}/workflows/${encodeURIComponent(workflowName)}/scheduled`,
    body,
  );
}

export function useCreateScheduledRun(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ workflowName, body }: { workflowName: string; body: ScheduleRunRequest }) =>
      createScheduledRun(tenantId, workflowName, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduledRunsQueryKey(tenantId) }),
  });
}
