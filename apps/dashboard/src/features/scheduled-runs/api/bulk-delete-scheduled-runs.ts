import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import type { ScheduledBulkDeleteRequest, ScheduledBulkDeleteResponse } from '@/types/api';
import { scheduledRunsQueryKey } from './list-scheduled-runs';

/**
 * POST /api/v1/tenants/{tenant}/workflows/scheduled/bulk-delete: by ids or by filter (never
 * both); those that could not go come back in `errors`.
 */
export function bulkDeleteScheduledRuns(
  tenantId: string,
  body: ScheduledBulkDeleteRequest,
): Promise<ScheduledBulkDeleteResponse> {
  return api.post<ScheduledBulkDeleteResponse>(
    `${API_BASE}/tenants/${encodeURIComponent(tenantId)}/workflows/scheduled/bulk-delete`,
    body,
  );
}

export function useBulkDeleteScheduledRuns(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ScheduledBulkDeleteRequest) => bulkDeleteScheduledRuns(tenantId, body),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: [...scheduledRunsQueryKey(tenantId), 'list'] }),
  });
}
