import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import { workflowQueryKey } from './get-workflow';
import { workflowsQueryKey } from './list-workflows';

/** DELETE /api/v1/workflows/{workflow}: removes the workflow (204, no body). */
export function deleteWorkflow(workflowId: string): Promise<void> {
  return api.delete<void>(`${API_BASE}/workflows/${encodeURIComponent(workflowId)}`);
}

export function useDeleteWorkflow(tenantId: string, workflowId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteWorkflow(workflowId),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: workflowQueryKey(workflowId) });
      return queryClient.invalidateQueries({ queryKey: workflowsQueryKey(tenantId) });
    },
  });
}
