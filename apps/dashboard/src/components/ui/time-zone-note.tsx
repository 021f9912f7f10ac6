import { useTimeZone } from '@/hooks/use-time-zone';

/**
 * "Time zone: Europe/Berlin", under a date and time input: the zone what is typed is read
 * in, which the user may have set to something other than their own clock.
 */
export function TimeZoneNote() {
  return <>Time zone: {useTimeZone()}</>;
}
