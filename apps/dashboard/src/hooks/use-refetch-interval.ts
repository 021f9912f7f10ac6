/**
 * The auto-refresh preference every live list uses as its TanStack Query `refetchInterval`.
 * Choice kept under `app-default-refetch-interval` (default 10s); while
 * `app-refetch-interval-frozen` is 'true' nothing refreshes on its own. While the tenant's live
 * updates keep the current screen fresh (use-live-status.ts) its lists do not poll: the
 * choice is the fallback for when the stream is down.
 */
import { useCallback } from 'react';
import { STORAGE_KEYS } from '@/lib/constants';
import { useScreenIsLive } from './use-live-status';
import { useStoredValue } from './use-stored-value';

export const REFETCH_OPTIONS = [
  { key: 'off', label: 'Off', ms: false },
  { key: '5s', label: '5s', ms: 5_000 },
  { key: '10s', label: '10s', ms: 10_000 },
  { key: '30s', label: '30s', ms: 30_000 },
  { key: '1m', label: '1m', ms: 60_000 },
  { key: '5m', label: '5m', ms: 300_000 },
] as const;

export type RefetchOptionKey = (typeof REFETCH_OPTIONS)[number]['key'];
export const DEFAULT_REFETCH_OPTION: RefetchOptionKey = '10s';

/** Reads a stored choice; accepts the bare key and a JSON-quoted key ('"30s"'). */
export function parseRefetchOption(raw: string | null | undefined): RefetchOptionKey {
  if (!raw) return DEFAULT_REFETCH_OPTION;
  const text = raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
  const key = text === 'Off' ? 'off' : text;
  return REFETCH_OPTIONS.some((option) => option.key === key)
    ? (key as RefetchOptionKey)
    : DEFAULT_REFETCH_OPTION;
}

export function parseFrozen(raw: string | null | undefined): boolean {
  return raw === 'true';
}

/**
 * The interval in milliseconds, or `false` when refreshing is off or frozen, or when live
 * updates refresh the lists instead.
 */
export function refetchIntervalFor(
  option: RefetchOptionKey,
  frozen: boolean,
  live = false,
): number | false {
  if (frozen || live) return false;
  return REFETCH_OPTIONS.find((entry) => entry.key === option)?.ms ?? false;
}

export function useRefetchInterval() {
  const [rawOption, setRawOption] = useStoredValue(STORAGE_KEYS.refetchInterval);
  const [rawFrozen, setRawFrozen] = useStoredValue(STORAGE_KEYS.refetchFrozen);
  const option = parseRefetchOption(rawOption);
  const frozen = parseFrozen(rawFrozen);
  // Frozen means nothing refreshes on its own, live updates included.
  const live = useScreenIsLive() && !frozen;
  const setOption = useCallback((next: RefetchOptionKey) => setRawOption(next), [setRawOption]);
  const setFrozen = useCallback(
    (next: boolean) => setRawFrozen(next ? 'true' : 'false'),
    [setRawFrozen],
  );
  return {
    option,
    setOption,
    frozen,
    setFrozen,
    /** Changes reach this screen's lists as they happen (and they do not poll). */
    live,
    /** Pass straight to `useQuery({ refetchInterval })`. */
    refetchInterval: refetchIntervalFor(option, frozen, live),
  };
}
