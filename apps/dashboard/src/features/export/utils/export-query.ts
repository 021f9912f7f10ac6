import type { QueryParams } from '@/lib/api-client';

/** Query keys of a list's page rather than its filters: an export sends every row. */
const PAGE_KEYS = new Set(['offset', 'limit', 'include_payloads']);

/** The filters of a list's current query, which its export takes as they are. */
export function exportFilters(listQuery: QueryParams): QueryParams {
  return Object.fromEntries(Object.entries(listQuery).filter(([key]) => !PAGE_KEYS.has(key)));
}

/** The file name a Content-Disposition header gives, or `fallback`. */
export function attachmentName(header: string | null, fallback: string): string {
  const match = header ? /filename="([^"]+)"/.exec(header) : null;
  return match?.[1] ?? fallback;
}
