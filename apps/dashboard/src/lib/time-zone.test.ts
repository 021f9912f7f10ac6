import { describe, expect, it } from 'vitest';
import {
  BROWSER_TIME_ZONE,
  formatOffset,
  instantOfWallClock,
  isBrowserTimeZone,
  isUtc,
  parseTimeZonePreference,
  resolveTimeZone,
  searchTimeZones,
  timeZoneChoices,
  wallClock,
} from './time-zone';

const at = (text: string) => new Date(text);
const clock = (text: string) => {
  const [date = '', time = ''] = text.split('T');
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute, second] = time.split(':').map(Number);
  return {
    year: year ?? 0,
    month: month ?? 1,
    day: day ?? 1,
    hour: hour ?? 0,
    minute: minute ?? 0,
    second: second ?? 0,
    millisecond: 0,
  };
};

describe('time zone preference', () => {
  it("is the browser's zone unless a zone this browser knows is stored", () => {
    expect(parseTimeZonePreference(null)).toBe(BROWSER_TIME_ZONE);
    expect(parseTimeZonePreference('browser')).toBe(BROWSER_TIME_ZONE);
    expect(parseTimeZonePreference('Mars/Olympus_Mons')).toBe(BROWSER_TIME_ZONE);
    expect(parseTimeZonePreference('UTC')).toBe('UTC');
    expect(parseTimeZonePreference('America/New_York')).toBe('America/New_York');
  });

  it('stands for the browser zone or the zone it names', () => {
    expect(resolveTimeZone(BROWSER_TIME_ZONE, 'Europe/Berlin')).toBe('Europe/Berlin');
    expect(resolveTimeZone('UTC', 'Europe/Berlin')).toBe('UTC');
  });

  it('knows UTC and the browser zone under their other names', () => {
    expect(isUtc('UTC')).toBe(true);
    expect(isUtc('Etc/UTC')).toBe(true);
    expect(isUtc('Europe/London')).toBe(false);
    expect(isBrowserTimeZone('Asia/Calcutta', 'Asia/Kolkata')).toBe(true);
    expect(isBrowserTimeZone('Europe/Paris', 'Europe/Berlin')).toBe(false);
  });
});

describe('wall clocks', () => {
  it('reads what a clock in the zone shows, across daylight saving', () => {
    expect(wallClock(at('2026-03-29T00:59:59.250Z'), 'Europe/Berlin')).toEqual({
      ...clock('2026-03-29T01:59:59'),
      millisecond: 250,
    });
    expect(wallClock(at('2026-03-29T01:00:00Z'), 'Europe/Berlin')).toEqual(
      clock('2026-03-29T03:00:00'),
    );
    expect(wallClock(at('2026-01-01T04:30:00Z'), 'America/New_York')).toEqual(
      clock('2025-12-31T23:30:00'),
    );
  });

  it('writes the offset at the instant', () => {
    expect(formatOffset(at('2026-07-01T00:00:00Z'), 'Europe/Berlin')).toBe('GMT+2');
    expect(formatOffset(at('2026-01-01T00:00:00Z'), 'Europe/Berlin')).toBe('GMT+1');
    expect(formatOffset(at('2026-01-01T00:00:00Z'), 'Asia/Kolkata')).toBe('GMT+5:30');
    expect(formatOffset(at('2026-01-01T00:00:00Z'), 'America/St_Johns')).toBe('GMT-3:30');
    expect(formatOffset(at('2026-01-01T00:00:00Z'), 'UTC')).toBe('GMT');
  });

  it('finds the instant a wall clock shows', () => {
    expect(instantOfWallClock(clock('2026-07-01T12:00:00'), 'America/New_York')).toEqual(
      at('2026-07-01T16:00:00Z'),
    );
    expect(instantOfWallClock(clock('0099-07-01T12:00:00'), 'UTC')).toEqual(
      at('0099-07-01T12:00:00Z'),
    );
  });

  it('moves a time the clock skips forward by the jump, and takes a repeated one first', () => {
    // Berlin skips 02:00–03:00 on 2026-03-29 and repeats 02:00–03:00 on 2026-10-25.
    expect(instantOfWallClock(clock('2026-03-29T02:30:00'), 'Europe/Berlin')).toEqual(
      at('2026-03-29T01:30:00Z'),
    );
    expect(instantOfWallClock(clock('2026-10-25T02:30:00'), 'Europe/Berlin')).toEqual(
      at('2026-10-25T00:30:00Z'),
    );
    // New York does the same at 02:00 local, behind UTC.
    expect(instantOfWallClock(clock('2026-03-08T02:30:00'), 'America/New_York')).toEqual(
      at('2026-03-08T07:30:00Z'),
    );
    expect(instantOfWallClock(clock('2026-11-01T01:30:00'), 'America/New_York')).toEqual(
      at('2026-11-01T05:30:00Z'),
    );
  });
});

describe('zone picker', () => {
  const choices = timeZoneChoices(at('2026-07-01T00:00:00Z'));

  it('offers every zone the browser knows, with its offset, and UTC apart', () => {
    expect(choices.length).toBeGreaterThan(300);
    expect(choices).toContainEqual({
      zone: 'America/New_York',
      name: 'Eastern Time',
      offset: 'GMT-4',
    });
    expect(choices.some((choice) => isUtc(choice.zone))).toBe(false);
  });

  it('finds zones by words of their name, in any order, their generic name or offset', () => {
    const zones = (query: string) => searchTimeZones(choices, query).map((choice) => choice.zone);
    expect(zones('new york')).toEqual(['America/New_York']);
    expect(zones('YORK america')).toEqual(['America/New_York']);
    // Listed as Asia/Calcutta by most ICU versions: found by its generic name all the same.
    expect(zones('india standard')).toContainEqual(
      expect.stringMatching(/^Asia\/(Calcutta|Kolkata)$/),
    );
    expect(zones('pacific time')).toContain('America/Los_Angeles');
    expect(zones('GMT+5:30').length).toBeGreaterThan(0);
    expect(zones('GMT+5:30').every((zone) => zone.startsWith('Asia/'))).toBe(true);
    expect(zones('nowhere at all')).toEqual([]);
    expect(searchTimeZones(choices, '  ')).toBe(choices);
  });
});
