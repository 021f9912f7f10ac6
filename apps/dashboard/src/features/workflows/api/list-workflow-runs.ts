import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import type { ListResponse, V1TaskSummary } from '@/types/api';

/** How far back the recent runs of a workflow reach. */
export const RECENT_RUNS_DAYS = 7;
export const RECENT_RUNS_LIMIT = 10;

/**
 * GET /api/v1/stable/tenants/{tenant}/workflow-runs?since&only_tasks=false&workflow_ids&limit:
 * the newest runs of one workflow created since `since`.
 */
export function listWorkflowRuns(
  tenantId: string,
  workflowId: string,
  since: string,
  signal?: AbortSignal,
): Promise<ListResponse<V1TaskSummary>> {
  return api.get<ListResponse<V1TaskSummary>>(
    `${API_BASE}/stable/tenants/${encodeURIComponent(tenantId)}/workflow-runs`,
    {
      query: {
        since,
        only_tasks: false,
        workflow_ids: [workflowId],
        limit: RECENT_RUNS_LIMIT,
      },
      signal,
    },
  );
}

export function workflowRunsQueryOptions(tenantId: string, workflowId: string) {
  return queryOptions({
    queryKey: ['tenants', tenantId, 'workflow-runs', { workflowId }] as const,
    queryFn: ({ signal }) => {
      // The window moves with every fetch: "the last 7 days" from now.
      const since = new Date(Date.now() - RECENT_RUNS_DAYS * 86_400_000).toISOString();
      return listWorkflowRuns(tenantId, workflowId, since, signal);
    },
  });
}

export function useWorkflowRuns(
  tenantId: string,
  workflowId: string,
  options: { refetchInterval?: number | false } = {},
) {
  return useQuery({
    ...workflowRunsQueryOptions(tenantId, workflowId),
    refetchInterval: options.refetchInterval ?? false,
  });
}
