/**
 * Time zone preference: the browser's zone (the default), UTC or any IANA zone, kept under
 * `trellis-time-zone`. Every date and time the dashboard shows, and every one typed into it,
 * is in this zone; changing it re-renders every reader at once, in this tab and others.
 */
import { useCallback } from 'react';
import { STORAGE_KEYS } from '@/lib/constants';
import { parseTimeZonePreference, resolveTimeZone } from '@/lib/time-zone';
import type { TimeZonePreference } from '@/lib/time-zone';
import { useStoredValue } from './use-stored-value';

export function useTimeZonePreference() {
  const [raw, setRaw] = useStoredValue(STORAGE_KEYS.timeZone);
  const preference = parseTimeZonePreference(raw);
  const setPreference = useCallback((next: TimeZonePreference) => setRaw(next), [setRaw]);
  return { preference, timeZone: resolveTimeZone(preference), setPreference };
}

/** The zone to show and read dates and times in; pass it to the lib/format helpers. */
export function useTimeZone(): string {
  return useTimeZonePreference().timeZone;
}
