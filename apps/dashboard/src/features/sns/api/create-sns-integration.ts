import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SnsIntegration } from '@trellis/api-contract';
import { api } from '@/lib/api-client';
import { snsIntegrationsPath, snsIntegrationsQueryKey } from './list-sns-integrations';

/**
 * POST /api/v1/tenants/{tenant}/sns: accept the messages of a topic. A malformed ARN, or one
 * the tenant has already, is refused with a message for the `topicArn` field.
 */
export function createSnsIntegration(tenantId: string, topicArn: string): Promise<SnsIntegration> {
  return api.post<SnsIntegration>(snsIntegrationsPath(tenantId), { topicArn });
}

export function useCreateSnsIntegration(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (topicArn: string) => createSnsIntegration(tenantId, topicArn),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: snsIntegrationsQueryKey(tenantId) }),
  });
}
