import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import type { V1CelDebugRequest, V1CelDebugResponse } from '@/types/api';

/**
 * POST /api/v1/stable/tenants/{tenant}/cel/debug: evaluates a filter expression on a sample
 * event. An expression that does not compile or fails is answered as `status: ERROR`, not as
 * an HTTP error.
 */
export function debugCel(
  tenantId: string,
  request: V1CelDebugRequest,
  signal?: AbortSignal,
): Promise<V1CelDebugResponse> {
  return api.post<V1CelDebugResponse>(
    `${API_BASE}/stable/tenants/${encodeURIComponent(tenantId)}/cel/debug`,
    request,
    { signal },
  );
}

/**
 * The verdict on `request`, or nothing while it is undefined (nothing to check). The same
 * request always gets the same answer, so answers are kept and never asked again; the last
 * verdict stays on screen while the next one is asked.
 */
export function useCelDebug(tenantId: string, request: V1CelDebugRequest | undefined) {
  return useQuery({
    queryKey: ['tenants', tenantId, 'cel-debug', request] as const,
    queryFn: ({ signal }) => debugCel(tenantId, request!, signal),
    enabled: request !== undefined,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
