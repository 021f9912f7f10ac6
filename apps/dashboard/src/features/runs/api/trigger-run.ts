import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import type { V1TriggerWorkflowRunRequest, V1WorkflowRunDetails } from '@/types/api';
import { runsQueryKey } from './list-runs';

/** POST /api/v1/stable/tenants/{tenant}/workflow-runs/trigger: starts a run now. */
export function triggerRun(
  tenantId: string,
  body: V1TriggerWorkflowRunRequest,
): Promise<V1WorkflowRunDetails> {
  return api.post<V1WorkflowRunDetails>(
    `${API_BASE}/stable/tenants/${encodeURIComponent(tenantId)}/workflow-runs/trigger`,
    body,
  );
}

export function useTriggerRun(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: V1TriggerWorkflowRunRequest) => triggerRun(tenantId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: runsQueryKey(tenantId) }),
  });
}
