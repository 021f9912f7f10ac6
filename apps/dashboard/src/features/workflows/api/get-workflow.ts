import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import type { Workflow } from '@/types/api';

/** GET /api/v1/workflows/{workflow}: the workflow with its latest version's meta. */
export function getWorkflow(workflowId: string, signal?: AbortSignal): Promise<Workflow> {
  return api.get<Workflow>(`${API_BASE}/workflows/${encodeURIComponent(workflowId)}`, { signal });
}

export const workflowQueryKey = (workflowId: string) => ['workflows', workflowId] as const;

export function workflowQueryOptions(workflowId: string) {
  return queryOptions({
    queryKey: workflowQueryKey(workflowId),
    queryFn: ({ signal }) => getWorkflow(workflowId, signal),
  });
}

export function useWorkflow(
  workflowId: string,
  options: { refetchInterval?: number | false } = {},
) {
  return useQuery({
    ...workflowQueryOptions(workflowId),
    refetchInterval: options.refetchInterval ?? false,
  });
}
