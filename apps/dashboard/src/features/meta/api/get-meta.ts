import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import type { ApiMeta, AuthScheme } from '@/types/api';

/** GET /api/v1/meta: what this server allows (auth schemes, sign-up, tenant creation). */
export function getMeta(signal?: AbortSignal): Promise<ApiMeta> {
  return api.get<ApiMeta>(`${API_BASE}/meta`, { signal, anonymous: true });
}

export function metaQueryOptions() {
  return queryOptions({
    queryKey: ['meta'] as const,
    queryFn: ({ signal }) => getMeta(signal),
    staleTime: 5 * 60_000,
  });
}

export function useMeta() {
  return useQuery(metaQueryOptions());
}

const KNOWN_SCHEMES: readonly AuthScheme[] = ['basic', 'google', 'github'];

/** The enabled sign-in methods, in display order. */
export function authSchemes(meta: ApiMeta | undefined): AuthScheme[] {
  const enabled = meta?.auth?.schemes ?? [];
  return KNOWN_SCHEMES.filter((scheme) => enabled.includes(scheme));
}
