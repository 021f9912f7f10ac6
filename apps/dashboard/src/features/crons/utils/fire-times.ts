/**
 * When a cron fires next, computed in the browser by the same cron module the server fires
 * with, and each time written out in a given time zone.
 */
import { CronError, parseCron } from '@trellis/cron';
import type { FireTime } from '@trellis/cron';
import { perZoneFormatter } from '@/lib/time-zone';

export const UPCOMING_FIRES = 5;

export type UpcomingFires =
  { ok: true; timezone: string; fires: FireTime[] } | { ok: false; message: string };

/** The next `count` fire times strictly after `now`, each with its daylight-saving note. */
export function upcomingFires(cron: string, now: Date, count = UPCOMING_FIRES): UpcomingFires {
  try {
    const schedule = parseCron(cron);
    return { ok: true, timezone: schedule.timezone, fires: schedule.upcoming(count, now) };
  } catch (error) {
    if (error instanceof CronError) return { ok: false, message: error.message };
    throw error;
  }
}

const inZoneFormatter = perZoneFormatter('en-US', {
  weekday: 'short',
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'shortOffset',
});

/** "Sun, Mar 29, 2026, 03:00:00 GMT+2": a wall time in `timezone`, with its offset. */
export function formatInZone(at: Date, timezone: string): string {
  return inZoneFormatter(timezone).format(at);
}

/** What a daylight-saving note means for that fire. */
export const DST_NOTE_TEXT = {
  gap: 'Daylight-saving gap: this wall time does not exist that day, so it fires right after the clock jumps forward.',
  repeat: 'Daylight-saving repeat: this wall time occurs twice that day, as the clock goes back.',
} as const;
