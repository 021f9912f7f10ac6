import { API_BASE } from '@/lib/api-client';

/**
 * Where a webhook receives requests: POST to this URL, on the address the dashboard is
 * served from, port included (the reference dashboard drops the port).
 */
export function webhookReceiveUrl(origin: string, tenantId: string, name: string): string {
  return `${origin}${API_BASE}/stable/tenants/${encodeURIComponent(tenantId)}/webhooks/${encodeURIComponent(name)}`;
}
