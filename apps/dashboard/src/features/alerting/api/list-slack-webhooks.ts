import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SlackWebhook } from '@trellis/api-contract';
import { API_BASE, api } from '@/lib/api-client';
import type { ListResponse } from '@/types/api';

/** GET /api/v1/tenants/{tenant}/slack: the channels alerts are posted to, oldest first. */
export function listSlackWebhooks(
  tenantId: string,
  signal?: AbortSignal,
): Promise<ListResponse<SlackWebhook>> {
  return api.get<ListResponse<SlackWebhook>>(
    `${API_BASE}/tenants/${encodeURIComponent(tenantId)}/slack`,
    { signal },
  );
}

export const slackWebhooksQueryKey = (tenantId: string) => ['tenants', tenantId, 'slack'] as const;

export function slackWebhooksQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: slackWebhooksQueryKey(tenantId),
    queryFn: ({ signal }) => listSlackWebhooks(tenantId, signal),
  });
}

export function useSlackWebhooks(
  tenantId: string,
  options: { refetchInterval?: number | false } = {},
) {
  return useQuery({
    ...slackWebhooksQueryOptions(tenantId),
    refetchInterval: options.refetchInterval ?? false,
  });
}

/**
 * Where "Add Slack Webhook" sends the browser: the server answers with a redirect to Slack's
 * install page, which comes back to the Alerting page.
 */
export const slackInstallHref = (tenantId: string) =>
  `${API_BASE}/tenants/${encodeURIComponent(tenantId)}/slack/start`;
