import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import type { CreateCronRequest, CronWorkflows } from '@/types/api';
import { cronsQueryKey } from './list-crons';

/**
 * POST /api/v1/tenants/{tenant}/workflows/{workflow}/crons: a cron trigger for the workflow
 * named in the path. An invalid expression is refused on `cronExpression` with the spec's
 * message.
 */
export function createCron(
  tenantId: string,
  workflowName: string,
  body: CreateCronRequest,
): Promise<CronWorkflows> {
  return api.post<CronWorkflows>(
    `${API_BASE}/tenants/${encodeURIComponent(tenantId)}/workflows/${encodeURIComponent(workflowName)}/crons`,
    body,
  );
}

export function useCreateCron(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ workflowName, body }: { workflowName: string; body: CreateCronRequest }) =>
      createCron(tenantId, workflowName, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cronsQueryKey(tenantId) }),
  });
}
