import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate, formatDuration, formatRelativeTime, formatTimestamp } from './format';

const now = new Date('2025-06-15T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const ahead = (ms: number) => new Date(now.getTime() + ms);
const s = 1000;
const min = 60 * s;
const h = 60 * min;
const d = 24 * h;

describe('formatRelativeTime', () => {
  it('shows N/A for missing or invalid dates', () => {
    expect(formatRelativeTime(undefined, now)).toBe('N/A');
    expect(formatRelativeTime(null, now)).toBe('N/A');
    expect(formatRelativeTime('', now)).toBe('N/A');
    expect(formatRelativeTime('not a date', now)).toBe('N/A');
  });

  it('uses seconds up to a minute', () => {
    expect(formatRelativeTime(now, now)).toBe('Now');
    expect(formatRelativeTime(ago(30 * s), now)).toBe('30 seconds ago');
    expect(formatRelativeTime(ago(60 * s), now)).toBe('60 seconds ago');
    expect(formatRelativeTime(ahead(10 * s), now)).toBe('In 10 seconds');
  });

  it('uses minutes, hours and days above one of each', () => {
    expect(formatRelativeTime(ago(3 * min), now)).toBe('3 minutes ago');
    expect(formatRelativeTime(ago(90 * min), now)).toBe('1 hour ago');
    expect(formatRelativeTime(ahead(5 * h), now)).toBe('In 5 hours');
    expect(formatRelativeTime(ago(36 * h), now)).toBe('Yesterday');
    expect(formatRelativeTime(ahead(30 * h), now)).toBe('Tomorrow');
    expect(formatRelativeTime(ago(10 * d), now)).toBe('10 days ago');
    expect(formatRelativeTime(ago(45 * d), now)).toBe('45 days ago');
  });

  it('uses a 45-day month above 45 days', () => {
    expect(formatRelativeTime(ago(46 * d), now)).toBe('Last month');
    expect(formatRelativeTime(ago(100 * d), now)).toBe('2 months ago');
    expect(formatRelativeTime(ago(365 * d), now)).toBe('8 months ago');
  });

  it('uses years above 365 days', () => {
    expect(formatRelativeTime(ago(366 * d), now)).toBe('Last year');
    expect(formatRelativeTime(ago(3 * 365 * d + d), now)).toBe('3 years ago');
    expect(formatRelativeTime(ahead(800 * d), now)).toBe('In 2 years');
  });

  it('accepts ISO strings and epoch milliseconds', () => {
    expect(formatRelativeTime('2025-06-15T11:58:00.000Z', now)).toBe('2 minutes ago');
    expect(formatRelativeTime(now.getTime() - 2 * h - 1, now)).toBe('2 hours ago');
  });
});

describe('formatDuration', () => {
  it('shows 0s for negative values', () => {
    expect(formatDuration(-1)).toBe('0s');
    expect(formatDuration(-5000)).toBe('0s');
  });

  it('shows milliseconds under one second', () => {
    expect(formatDuration(0)).toBe('0ms');
    expect(formatDuration(850)).toBe('850ms');
    expect(formatDuration(999)).toBe('999ms');
  });

  it('shows seconds with one decimal under a minute', () => {
    expect(formatDuration(1000)).toBe('1.0s');
    expect(formatDuration(4200)).toBe('4.2s');
    expect(formatDuration(4299)).toBe('4.2s');
    expect(formatDuration(59_999)).toBe('59.9s');
  });

  it('shows minutes and seconds under an hour', () => {
    expect(formatDuration(60_000)).toBe('1m 0s');
    expect(formatDuration(185_000)).toBe('3m 5s');
    expect(formatDuration(3_599_999)).toBe('59m 59s');
  });

  it('shows hours, minutes and seconds from an hour', () => {
    expect(formatDuration(3_600_000)).toBe('1h 0m 0s');
    expect(formatDuration(3_723_000)).toBe('1h 2m 3s');
    expect(formatDuration(26 * 3_600_000)).toBe('26h 0m 0s');
  });
});

describe('formatTimestamp', () => {
  // The unit tests run with TZ=UTC: that is the "browser" zone here.
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("prints the browser's zone with its offset only", () => {
    expect(formatTimestamp('2025-01-31T14:05:09.123Z', 'UTC')).toBe('2025-01-31 14:05:09.123 GMT');
    expect(formatTimestamp(undefined, 'UTC')).toBe('N/A');
  });

  it('names any other zone', () => {
    expect(formatTimestamp('2025-01-31T14:05:09.123Z', 'Europe/Berlin')).toBe(
      '2025-01-31 15:05:09.123 GMT+1 (Europe/Berlin)',
    );
    expect(formatTimestamp('2025-07-31T14:05:09.000Z', 'America/New_York')).toBe(
      '2025-07-31 10:05:09.000 GMT-4 (America/New_York)',
    );
  });

  it('names UTC in a browser elsewhere', async () => {
    // The browser's zone is read once per page: a page in Tokyo is a fresh load.
    vi.stubEnv('TZ', 'Asia/Tokyo');
    vi.resetModules();
    const tokyo = await import('./format');
    expect(tokyo.formatTimestamp('2025-01-31T14:05:09.123Z', 'UTC')).toBe(
      '2025-01-31 14:05:09.123 UTC',
    );
    expect(tokyo.formatTimestamp('2025-01-31T14:05:09.123Z', 'Asia/Tokyo')).toBe(
      '2025-01-31 23:05:09.123 GMT+9',
    );
  });

  it('writes an instant the same each time it is asked', () => {
    const first = formatTimestamp('2025-01-31T14:05:09.123Z', 'Europe/Berlin');
    expect(formatTimestamp(new Date('2025-01-31T14:05:09.123Z'), 'Europe/Berlin')).toBe(first);
    expect(formatTimestamp('2025-01-31T14:05:09.123Z', 'America/New_York')).not.toBe(first);
  });
});

describe('formatDate', () => {
  it('prints a calendar date in the zone, or N/A', () => {
    expect(formatDate('2125-11-22T10:00:00Z', 'UTC')).toBe('Nov 22, 2125');
    expect(formatDate('2025-01-31T23:30:00Z', 'UTC')).toBe('Jan 31, 2025');
    expect(formatDate('2025-01-31T23:30:00Z', 'Asia/Tokyo')).toBe('Feb 1, 2025');
    expect(formatDate(undefined, 'UTC')).toBe('N/A');
    expect(formatDate('nope', 'UTC')).toBe('N/A');
  });
});
