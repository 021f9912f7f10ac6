import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { V1Webhook } from '@/types/api';
import { webhookPath, webhooksQueryKey } from './list-webhooks';

/** DELETE /api/v1/stable/tenants/{tenant}/webhooks/{name}: its URL stops accepting requests. */
export function deleteWebhook(tenantId: string, name: string): Promise<V1Webhook> {
  return api.delete<V1Webhook>(webhookPath(tenantId, name));
}

export function useDeleteWebhook(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => deleteWebhook(tenantId, name),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey(tenantId) }),
  });
}
