import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import type { Workflow } from '@/types/api';
import { workflowQueryKey } from './get-workflow';
import { workflowsQueryKey } from './list-workflows';

/** PATCH /api/v1/workflows/{workflow} `{isPaused}`: pauses or unpauses new runs. */
export function updateWorkflow(
  workflowId: string,
  input: { isPaused: boolean },
): Promise<Workflow> {
  return api.patch<Workflow>(`${API_BASE}/workflows/${encodeURIComponent(workflowId)}`, input);
}

export function useUpdateWorkflow(tenantId: string, workflowId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { isPaused: boolean }) => updateWorkflow(workflowId, input),
    onSuccess: (workflow) => {
      queryClient.setQueryData<Workflow>(workflowQueryKey(workflowId), (previous) =>
        previous ? { ...previous, isPaused: workflow.isPaused } : workflow,
      );
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: workflowQueryKey(workflowId) }),
        queryClient.invalidateQueries({ queryKey: workflowsQueryKey(tenantId) }),
      ]),
  });
}
