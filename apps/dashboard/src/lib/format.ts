/**
 * Text formatting shared by every screen (spec section 9). Absolute dates and times take the
 * zone to write them in: the user's choice, from `useTimeZone()`.
 */
import { formatOffset, isBrowserTimeZone, isUtc, perZoneFormatter, wallClock } from './time-zone';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Units from largest to smallest. A unit is used when the distance is more than one of it.
 * The month is a 45-day unit, as the spec says: it is both the threshold and the divisor.
 */
const RELATIVE_UNITS: ReadonlyArray<{ unit: Intl.RelativeTimeFormatUnit; ms: number }> = [
  { unit: 'year', ms: 365 * DAY },
  { unit: 'month', ms: 45 * DAY },
  { unit: 'day', ms: DAY },
  { unit: 'hour', ms: HOUR },
  { unit: 'minute', ms: MINUTE },
];

const relativeFormatter = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

export type DateInput = string | number | Date | null | undefined;

export function toDate(value: DateInput): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * "3 minutes ago", "In 2 hours", "Yesterday": English, `numeric: 'auto'`, first letter
 * capitalised. Years above 365 days, then 45-day months, days, hours, minutes, seconds.
 * A missing or invalid date gives "N/A".
 */
export function formatRelativeTime(value: DateInput, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return 'N/A';
  const diff = date.getTime() - now.getTime();
  const distance = Math.abs(diff);
  for (const { unit, ms } of RELATIVE_UNITS) {
    if (distance > ms) return capitalize(relativeFormatter.format(Math.trunc(diff / ms), unit));
  }
  return capitalize(relativeFormatter.format(Math.trunc(diff / SECOND), 'second'));
}

/**
 * A duration in milliseconds as short text: "850ms", "4.2s", "3m 5s", "1h 2m 3s".
 * Negative values give "0s".
 */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '0s';
  if (ms < SECOND) return `${Math.floor(ms)}ms`;
  if (ms < MINUTE) return `${(Math.floor(ms / 100) / 10).toFixed(1)}s`;
  const totalSeconds = Math.floor(ms / SECOND);
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  if (ms < HOUR) return `${minutes}m ${seconds}s`;
  return `${hours}h ${minutes}m ${seconds}s`;
}

/**
 * An exact timestamp in `timeZone`: `2025-01-31 14:05:09.123 GMT+1`. When that is not the
 * browser's zone the text names it, since an offset alone does not say which clock is meant:
 * `2025-01-31 08:05:09.123 GMT-5 (America/New_York)`, or `… UTC`.
 */
export function formatTimestamp(value: DateInput, timeZone: string): string {
  const date = toDate(value);
  if (!date) return 'N/A';
  // A list re-renders its rows' timestamps on every change it shows; the text of an instant in
  // a zone never changes, and reading a wall clock through Intl is the costly part.
  const key = `${date.getTime()} ${timeZone}`;
  let text = timestamps.get(key);
  if (text === undefined) {
    if (timestamps.size >= TIMESTAMPS_KEPT) timestamps.clear();
    text = writeTimestamp(date, timeZone);
    timestamps.set(key, text);
  }
  return text;
}

/** Timestamps written lately, by instant and zone: more than a screen shows. */
const TIMESTAMPS_KEPT = 5_000;
const timestamps = new Map<string, string>();

function writeTimestamp(date: Date, timeZone: string): string {
  const clock = wallClock(date, timeZone);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return (
    `${pad(clock.year, 4)}-${pad(clock.month)}-${pad(clock.day)} ` +
    `${pad(clock.hour)}:${pad(clock.minute)}:${pad(clock.second)}.` +
    `${pad(clock.millisecond, 3)} ${zoneTag(date, timeZone)}`
  );
}

function zoneTag(date: Date, timeZone: string): string {
  const offset = formatOffset(date, timeZone);
  if (isBrowserTimeZone(timeZone)) return offset;
  return isUtc(timeZone) ? 'UTC' : `${offset} (${timeZone})`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const dateFormatter = perZoneFormatter('en', { year: 'numeric', month: 'short', day: 'numeric' });

/** A calendar date in `timeZone`, e.g. "Jan 31, 2025"; "N/A" when missing. */
export function formatDate(value: DateInput, timeZone: string): string {
  const date = toDate(value);
  return date ? dateFormatter(timeZone).format(date) : 'N/A';
}
