import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { V1CreateWebhookRequest, V1Webhook } from '@/types/api';
import { webhooksPath, webhooksQueryKey } from './list-webhooks';

/**
 * POST /api/v1/stable/tenants/{tenant}/webhooks: the credentials are stored and never sent
 * back; an event key expression that does not compile is refused.
 */
export function createWebhook(tenantId: string, input: V1CreateWebhookRequest): Promise<V1Webhook> {
  return api.post<V1Webhook>(webhooksPath(tenantId), input);
}

export function useCreateWebhook(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: V1CreateWebhookRequest) => createWebhook(tenantId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey(tenantId) }),
  });
}
