import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import type { ListResponse, V1Webhook } from '@/types/api';

/** Every webhook fits one answer: a tenant has a handful, and the list is not paginated. */
const WEBHOOK_LIST_LIMIT = 1000;

export const webhooksPath = (tenantId: string) =>
  `${API_BASE}/stable/tenants/${encodeURIComponent(tenantId)}/webhooks`;

export const webhookPath = (tenantId: string, name: string) =>
  `${webhooksPath(tenantId)}/${encodeURIComponent(name)}`;

/** GET /api/v1/stable/tenants/{tenant}/webhooks: the tenant's incoming webhooks, by name. */
export function listWebhooks(
  tenantId: string,
  signal?: AbortSignal,
): Promise<ListResponse<V1Webhook>> {
  return api.get<ListResponse<V1Webhook>>(webhooksPath(tenantId), {
    query: { limit: WEBHOOK_LIST_LIMIT },
    signal,
  });
}

export const webhooksQueryKey = (tenantId: string) => ['tenants', tenantId, 'webhooks'] as const;

export function webhooksQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: webhooksQueryKey(tenantId),
    queryFn: ({ signal }) => listWebhooks(tenantId, signal),
  });
}

/** Not refreshed on an interval (as the reference): only this screen changes webhooks. */
export function useWebhooks(tenantId: string) {
  return useQuery(webhooksQueryOptions(tenantId));
}
