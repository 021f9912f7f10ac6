import { useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';

export interface Integration {
  name: string;
  enabled: boolean;
}

/**
 * GET /api/v1/meta/integrations: what the server is configured to alert through (a bare array;
 * `slack` only when the server has a Slack app). Read by the Alerting page alone.
 */
export function getIntegrations(signal?: AbortSignal): Promise<Integration[]> {
  return api.get<Integration[]>(`${API_BASE}/meta/integrations`, { signal });
}

export function useIntegrations() {
  return useQuery({
    queryKey: ['meta', 'integrations'] as const,
    queryFn: ({ signal }) => getIntegrations(signal),
    // Server configuration: it changes with a restart, not while the page is open.
    staleTime: Infinity,
  });
}
