/**
 * `<input type="datetime-local">` speaks wall-clock text ("2025-03-10T14:05:09") with no
 * zone; the filters and forms keep ISO instants. These convert between the two in the user's
 * time zone (not the browser's), so what is typed means the zone the dashboard shows.
 */
import { instantOfWallClock, wallClock } from './time-zone';
import type { WallClock } from './time-zone';

export function toLocalInput(iso: string | undefined, timeZone: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const clock = wallClock(date, timeZone);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return (
    `${pad(clock.year, 4)}-${pad(clock.month)}-${pad(clock.day)}` +
    `T${pad(clock.hour)}:${pad(clock.minute)}:${pad(clock.second)}`
  );
}

// What the input gives: seconds only when its step allows them, a fraction rarely.
const INPUT_TEXT = /^(\d{4,})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/;

/** The ISO instant of input text read in `timeZone`; undefined when empty or invalid. */
export function fromLocalInput(text: string, timeZone: string): string | undefined {
  const match = INPUT_TEXT.exec(text);
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second, fraction] = match;
  const clock = {
    year: Number(year),
    month: Number(month),
    day: Number(day),
    hour: Number(hour),
    minute: Number(minute),
    second: Number(second ?? 0),
    millisecond: Number((fraction ?? '').padEnd(3, '0')),
  };
  return isRealWallClock(clock) ? instantOfWallClock(clock, timeZone).toISOString() : undefined;
}

/** Whether the reading exists on a calendar and a 24-hour clock ("02-30" does not). */
function isRealWallClock(clock: WallClock): boolean {
  const probe = new Date(0);
  probe.setUTCFullYear(clock.year, clock.month - 1, clock.day);
  return (
    probe.getUTCMonth() === clock.month - 1 &&
    probe.getUTCDate() === clock.day &&
    clock.hour < 24 &&
    clock.minute < 60 &&
    clock.second < 60
  );
}
