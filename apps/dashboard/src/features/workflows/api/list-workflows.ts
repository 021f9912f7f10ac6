import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import type { ListResponse, Workflow } from '@/types/api';

export interface WorkflowListParams {
  offset: number;
  limit: number;
  /** Case-insensitive substring of the name; empty for all. */
  name: string;
}

/** GET /api/v1/tenants/{tenant}/workflows?offset&limit&name: a page of the tenant's workflows. */
export function listWorkflows(
  tenantId: string,
  params: WorkflowListParams,
  signal?: AbortSignal,
): Promise<ListResponse<Workflow>> {
  return api.get<ListResponse<Workflow>>(
    `${API_BASE}/tenants/${encodeURIComponent(tenantId)}/workflows`,
    {
      query: { offset: params.offset, limit: params.limit, name: params.name || undefined },
      signal,
    },
  );
}

export const workflowsQueryKey = (tenantId: string) => ['tenants', tenantId, 'workflows'] as const;

export function workflowsQueryOptions(tenantId: string, params: WorkflowListParams) {
  return queryOptions({
    queryKey: [...workflowsQueryKey(tenantId), params] as const,
    queryFn: ({ signal }) => listWorkflows(tenantId, params, signal),
  });
}

export function useWorkflows(
  tenantId: string,
  params: WorkflowListParams,
  options: { refetchInterval?: number | false } = {},
) {
  return useQuery({
    ...workflowsQueryOptions(tenantId, params),
    placeholderData: keepPreviousData,
    refetchInterval: options.refetchInterval ?? false,
  });
}
