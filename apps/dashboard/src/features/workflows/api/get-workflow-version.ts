import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import type { WorkflowVersion } from '@/types/api';
import { workflowQueryKey } from './get-workflow';

/**
 * GET /api/v1/workflows/{workflow}/versions?version=: one version (the latest without
 * `version`) with its tasks, triggers and registration config.
 */
export function getWorkflowVersion(
  workflowId: string,
  versionId: string | undefined,
  signal?: AbortSignal,
): Promise<WorkflowVersion> {
  return api.get<WorkflowVersion>(
    `${API_BASE}/workflows/${encodeURIComponent(workflowId)}/versions`,
    { query: { version: versionId }, signal },
  );
}

export function workflowVersionQueryOptions(workflowId: string, versionId?: string) {
  return queryOptions({
    queryKey: [...workflowQueryKey(workflowId), 'version', versionId ?? 'latest'] as const,
    queryFn: ({ signal }) => getWorkflowVersion(workflowId, versionId, signal),
  });
}

export function useWorkflowVersion(
  workflowId: string,
  versionId: string | undefined,
  options: { refetchInterval?: number | false } = {},
) {
  return useQuery({
    ...workflowVersionQueryOptions(workflowId, versionId),
    refetchInterval: options.refetchInterval ?? false,
  });
}
