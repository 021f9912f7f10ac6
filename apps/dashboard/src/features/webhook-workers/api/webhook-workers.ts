import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  WebhookWorker,
  WebhookWorkerCreated,
  WebhookWorkerCreateRequest,
  WebhookWorkerRequest,
} from '@trellis/api-contract';
import { API_BASE, api } from '@/lib/api-client';

const listPath = (tenantId: string) =>
  `${API_BASE}/tenants/${encodeURIComponent(tenantId)}/webhook-workers`;
const workerPath = (id: string) => `${API_BASE}/webhook-workers/${encodeURIComponent(id)}`;

export const webhookWorkersQueryKey = (tenantId: string) =>
  ['tenants', tenantId, 'webhook-workers'] as const;

/** GET /api/v1/tenants/{tenant}/webhook-workers (no auto-refresh, per the reference). */
export function useWebhookWorkers(tenantId: string) {
  return useQuery(
    queryOptions({
      queryKey: webhookWorkersQueryKey(tenantId),
      queryFn: ({ signal }) => api.get<{ rows?: WebhookWorker[] }>(listPath(tenantId), { signal }),
    }),
  );
}

/**
 * POST /api/v1/tenants/{tenant}/webhook-workers: the answer carries the signing secret, the
 * only time it is shown. A URL the tenant has already is refused on the `url` field.
 */
export function useCreateWebhookWorker(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: WebhookWorkerCreateRequest) =>
      api.post<WebhookWorkerCreated>(listPath(tenantId), request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookWorkersQueryKey(tenantId) }),
  });
}

/** DELETE /api/v1/webhook-workers/{id}: 200 with no body. */
export function useDeleteWebhookWorker(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(workerPath(id)),
    // Refetch after a failure too: a 404 means someone else deleted it already.
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookWorkersQueryKey(tenantId) }),
  });
}

/**
 * GET /api/v1/webhook-workers/{id}/requests: the health checks and deliveries the server sent,
 * newest first; polled every second while a connection test waits for an answer.
 */
export function useWebhookWorkerRequests(id: string, options: { poll?: boolean } = {}) {
  return useQuery({
    queryKey: ['webhook-workers', id, 'requests'],
    queryFn: ({ signal }) =>
      api.get<{ requests?: WebhookWorkerRequest[] }>(`${workerPath(id)}/requests`, { signal }),
    refetchInterval: options.poll ? 1000 : false,
  });
}
