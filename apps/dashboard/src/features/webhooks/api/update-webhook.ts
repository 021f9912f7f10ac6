import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ListResponse, V1UpdateWebhookRequest, V1Webhook } from '@/types/api';
import { webhookPath, webhooksQueryKey } from './list-webhooks';

/** PATCH /api/v1/stable/tenants/{tenant}/webhooks/{name}: its expressions or payload. */
export function updateWebhook(
  tenantId: string,
  name: string,
  input: V1UpdateWebhookRequest,
): Promise<V1Webhook> {
  return api.patch<V1Webhook>(webhookPath(tenantId, name), input);
}

export function useUpdateWebhook(tenantId: string, name: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: V1UpdateWebhookRequest) => updateWebhook(tenantId, name, input),
    // The list is not refreshed on an interval: put the answer in it at once, so the edited
    // row shows the saved expression without waiting for a refetch.
    onSuccess: (updated) =>
      queryClient.setQueryData<ListResponse<V1Webhook>>(webhooksQueryKey(tenantId), (list) =>
        list
          ? { ...list, rows: list.rows.map((row) => (row.name === updated.name ? updated : row)) }
          : list,
      ),
  });
}
