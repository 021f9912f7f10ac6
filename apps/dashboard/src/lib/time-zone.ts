/**
 * The time zone every date and time of the dashboard is shown and typed in: the browser's
 * (the default), UTC, or any IANA zone the user picks. Pure helpers over `Intl`; the stored
 * preference and its React hook live in hooks/use-time-zone.ts.
 */

/** The preference value meaning "whatever zone the browser is in". */
export const BROWSER_TIME_ZONE = 'browser';

/** `'browser'`, or the name of a zone (`UTC`, `America/New_York`). */
export type TimeZonePreference = string;

/** A wall-clock reading: what a clock in some zone shows at an instant. */
export interface WallClock {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

/**
 * Formatters of one locale and set of options, one per zone: building a formatter costs far
 * more than using one, and every timestamp on a screen needs one.
 */
export function perZoneFormatter(
  locale: string,
  options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>,
): (timeZone: string) => Intl.DateTimeFormat {
  const formatters = new Map<string, Intl.DateTimeFormat>();
  return (timeZone) => {
    let formatter = formatters.get(timeZone);
    if (!formatter) {
      formatter = new Intl.DateTimeFormat(locale, { ...options, timeZone });
      formatters.set(timeZone, formatter);
    }
    return formatter;
  };
}

const wallClockFormatter = perZoneFormatter('en-US', {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  // Some ICU versions write midnight as 24 without it.
  hourCycle: 'h23',
});

let browserZone: string | undefined;

/**
 * The zone the browser runs in, as it reports it. Read once: asking builds a formatter, which
 * costs more than formatting many dates, and every timestamp on screen asks.
 */
export function browserTimeZone(): string {
  return (browserZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
}

/** Whether this browser knows the zone (names are case-insensitive; aliases count). */
function isValidTimeZone(timeZone: string): boolean {
  try {
    wallClockFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/**
 * The stored preference: the browser's zone unless it names a zone this browser knows (a
 * zone picked elsewhere may be missing from an older browser's data).
 */
export function parseTimeZonePreference(raw: string | null | undefined): TimeZonePreference {
  return raw && raw !== BROWSER_TIME_ZONE && isValidTimeZone(raw) ? raw : BROWSER_TIME_ZONE;
}

/** The zone a preference stands for. */
export function resolveTimeZone(
  preference: TimeZonePreference,
  browser: string = browserTimeZone(),
): string {
  return preference === BROWSER_TIME_ZONE ? browser : preference;
}

/** The zone's canonical name, so aliases (`Etc/UTC`, `Asia/Calcutta`) compare equal. */
function canonicalTimeZone(timeZone: string): string {
  return wallClockFormatter(timeZone).resolvedOptions().timeZone;
}

/** Whether the zone is UTC under any of its names. */
export function isUtc(timeZone: string): boolean {
  const canonical = canonicalTimeZone(timeZone);
  return canonical === 'UTC' || canonical === 'Etc/UTC';
}

/** Whether a clock in `timeZone` shows what the browser's own clock shows. */
export function isBrowserTimeZone(timeZone: string, browser: string = browserTimeZone()): boolean {
  return canonicalTimeZone(timeZone) === canonicalTimeZone(browser);
}

/** What a clock in `timeZone` shows at `date`. */
export function wallClock(date: Date, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of wallClockFormatter(timeZone).formatToParts(date)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
    millisecond: date.getUTCMilliseconds(),
  };
}

/** The wall clock read as if it were UTC, in epoch milliseconds (years below 100 included). */
function wallClockAsUtc(clock: WallClock): number {
  const date = new Date(0);
  date.setUTCFullYear(clock.year, clock.month - 1, clock.day);
  date.setUTCHours(clock.hour, clock.minute, clock.second, clock.millisecond);
  return date.getTime();
}

/** How far `timeZone` is ahead of UTC at `date`, in milliseconds. */
function offsetMs(date: Date, timeZone: string): number {
  return wallClockAsUtc(wallClock(date, timeZone)) - date.getTime();
}

/** "GMT+1", "GMT-3:30", "GMT" for no offset: the zone's offset at `date`. */
export function formatOffset(date: Date, timeZone: string): string {
  const minutes = Math.round(offsetMs(date, timeZone) / 60_000);
  if (minutes === 0) return 'GMT';
  const abs = Math.abs(minutes);
  const rest = abs % 60 ? `:${String(abs % 60).padStart(2, '0')}` : '';
  return `GMT${minutes > 0 ? '+' : '-'}${Math.floor(abs / 60)}${rest}`;
}

const DAY_MS = 86_400_000;

/**
 * The instant a clock in `timeZone` shows `clock`. A wall time that occurs twice (the clock
 * goes back) is its first occurrence; one that does not exist (the clock jumps forward) is
 * moved forward by the jump, as a clock set before the change would read: 02:30 on the day
 * Berlin skips 02:00–03:00 is 03:30.
 */
export function instantOfWallClock(clock: WallClock, timeZone: string): Date {
  const asUtc = wallClockAsUtc(clock);
  // Zones change offset at most once within a day of any wall time.
  const before = offsetMs(new Date(asUtc - DAY_MS), timeZone);
  const after = offsetMs(new Date(asUtc + DAY_MS), timeZone);
  const matches = [before, after]
    .map((offset) => asUtc - offset)
    .filter((instant) => offsetMs(new Date(instant), timeZone) === asUtc - instant);
  return new Date(matches.length > 0 ? Math.min(...matches) : asUtc - before);
}

/**
 * A zone the picker offers, with what to read and search it by besides its name: its generic
 * name ("India Standard Time", "Pacific Time") and its offset now ("GMT-4"). The generic name
 * matters because browsers list some zones under old names (Asia/Calcutta, Europe/Kiev).
 */
export interface TimeZoneChoice {
  zone: string;
  name: string;
  offset: string;
}

/** Every IANA zone this browser knows but UTC, which the picker offers on its own. */
export function timeZoneChoices(now: Date): TimeZoneChoice[] {
  return Intl.supportedValuesOf('timeZone')
    .filter((zone) => !isUtc(zone))
    .map((zone) => ({ zone, name: genericName(now, zone), offset: formatOffset(now, zone) }));
}

function genericName(now: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    timeZoneName: 'longGeneric',
  }).formatToParts(now);
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
}

const searchable = (text: string) => text.toLowerCase().replaceAll('_', ' ');

/**
 * The choices whose zone, generic name or offset holds every word of `query`, in any order
 * and case, with spaces standing for underscores: "new york", "york america", "india" and
 * "gmt+5:30" all find zones.
 */
export function searchTimeZones(choices: TimeZoneChoice[], query: string): TimeZoneChoice[] {
  const words = searchable(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return choices;
  return choices.filter((choice) => {
    const text = searchable(`${choice.zone} ${choice.name} ${choice.offset}`);
    return words.every((word) => text.includes(word));
  });
}
