import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { V1WebhookRequest } from '@/types/api';
import { webhookPath, webhooksQueryKey } from './list-webhooks';

/**
 * GET /api/v1/stable/tenants/{tenant}/webhooks/{name}/requests: the latest requests the
 * webhook received, newest first, each with how it was answered (and the event it created).
 */
export function listWebhookRequests(
  tenantId: string,
  name: string,
  signal?: AbortSignal,
): Promise<{ rows: V1WebhookRequest[] }> {
  return api.get<{ rows: V1WebhookRequest[] }>(`${webhookPath(tenantId, name)}/requests`, {
    signal,
  });
}

export function useWebhookRequests(
  tenantId: string,
  name: string,
  options: { refetchInterval?: number | false } = {},
) {
  return useQuery({
    queryKey: [...webhooksQueryKey(tenantId), name, 'requests'] as const,
    queryFn: ({ signal }) => listWebhookRequests(tenantId, name, signal),
    refetchInterval: options.refetchInterval ?? false,
  });
}
