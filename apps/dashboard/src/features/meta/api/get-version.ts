import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import type { ApiVersion } from '@/types/api';

/** GET /api/v1/version: the server's version string. */
export function getVersion(signal?: AbortSignal): Promise<ApiVersion> {
  return api.get<ApiVersion>(`${API_BASE}/version`, { signal, anonymous: true });
}

export function versionQueryOptions() {
  return queryOptions({
    queryKey: ['version'] as const,
    queryFn: ({ signal }) => getVersion(signal),
    staleTime: Infinity,
  });
}

export function useVersion(options: { enabled?: boolean } = {}) {
  return useQuery({ ...versionQueryOptions(), enabled: options.enabled ?? true });
}
