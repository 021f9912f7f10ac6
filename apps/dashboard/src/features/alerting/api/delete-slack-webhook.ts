import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import { slackWebhooksQueryKey } from './list-slack-webhooks';

/** DELETE /api/v1/slack/{slack}: alerts stop going to the channel. 204, no body. */
export function deleteSlackWebhook(webhookId: string): Promise<void> {
  return api.delete<void>(`${API_BASE}/slack/${encodeURIComponent(webhookId)}`);
}

export function useDeleteSlackWebhook(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSlackWebhook,
    // Refetch after a failure too: a 404 means someone else deleted it already.
    onSettled: () => queryClient.invalidateQueries({ queryKey: slackWebhooksQueryKey(tenantId) }),
  });
}
