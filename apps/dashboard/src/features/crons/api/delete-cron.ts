import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { cronPath } from './get-cron';
import { cronsQueryKey } from './list-crons';

/** DELETE /api/v1/tenants/{tenant}/workflows/crons/{cron} (204): only crons created over REST. */
export function deleteCron(tenantId: string, cronId: string) {
  return api.delete<undefined>(cronPath(tenantId, cronId));
}

export function useDeleteCron(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cronId: string) => deleteCron(tenantId, cronId),
    // Only the lists: the open panel's own query would refetch and find nothing before it closes.
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: [...cronsQueryKey(tenantId), 'list'] }),
  });
}
