import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { UpdateCronRequest } from '@/types/api';
import { cronPath } from './get-cron';
import { cronsQueryKey } from './list-crons';

/**
 * PATCH /api/v1/tenants/{tenant}/workflows/crons/{cron} (204): enables or disables any cron;
 * a cron created over REST may also change its name, expression, input, metadata, priority.
 */
export function updateCron(tenantId: string, cronId: string, body: UpdateCronRequest) {
  return api.patch<undefined>(cronPath(tenantId, cronId), body);
}

export function useUpdateCron(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ cronId, body }: { cronId: string; body: UpdateCronRequest }) =>
      updateCron(tenantId, cronId, body),
    // The answer is empty: the list and the open panel read the cron again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: cronsQueryKey(tenantId) }),
  });
}
