/** The all-zero UUID. The server uses it where an id is required but none exists (e.g. v1 webhooks). */
export const ZERO_UUID = '00000000-0000-0000-0000-000000000000';

/** The zero timestamp (Go's zero time). Dates equal to it mean "never" and render nothing. */
export const ZERO_TIMESTAMP = '0001-01-01T00:00:00Z';

export function isZeroUuid(id: string | null | undefined): boolean {
  return id === ZERO_UUID;
}

/** Width at and above which the sidebar keeps its state; below it the sidebar is forced closed. */
export const SIDEBAR_BREAKPOINT_PX = 768;

/**
 * Local storage keys. The first four are named by the spec and must not change; the rest are
 * Trellis's own: the tenant switcher's last tenant, and the time zone dates and times are
 * shown and typed in (`browser`, the default, or a zone name such as `UTC`).
 */
export const STORAGE_KEYS = {
  refetchInterval: 'app-default-refetch-interval',
  refetchFrozen: 'app-refetch-interval-frozen',
  theme: 'vite-ui-theme',
  ref: 'ref',
  lastTenant: 'lastTenant',
  timeZone: 'trellis-time-zone',
} as const;
