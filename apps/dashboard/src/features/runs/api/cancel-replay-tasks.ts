import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import type { taskFilterBody } from '../utils/run-filters';
import { runDetailsQueryKey } from './get-run-details';
import { runsQueryKey } from './list-runs';

export type TaskAction = 'cancel' | 'replay';

/** Tasks to act on: by task or run external ids, or every task matching a filter. */
export type TaskSelection =
  { externalIds: string[] } | { filter: ReturnType<typeof taskFilterBody> };

/**
 * POST /api/v1/stable/tenants/{tenant}/tasks/cancel | tasks/replay: answers with the task
 * external ids it acted on.
 */
export function actOnTasks(
  tenantId: string,
  action: TaskAction,
  selection: TaskSelection,
): Promise<{ ids?: string[] }> {
  return api.post<{ ids?: string[] }>(
    `${API_BASE}/stable/tenants/${encodeURIComponent(tenantId)}/tasks/${action}`,
    selection,
  );
}

export function useTaskAction(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, selection }: { action: TaskAction; selection: TaskSelection }) =>
      actOnTasks(tenantId, action, selection),
    onSettled: (_data, _error, variables) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: runsQueryKey(tenantId) }),
        ...('externalIds' in variables.selection
          ? variables.selection.externalIds.map((id) =>
              queryClient.invalidateQueries({ queryKey: runDetailsQueryKey(id) }),
            )
          : [queryClient.invalidateQueries({ queryKey: ['workflow-runs'] })]),
      ]),
  });
}
