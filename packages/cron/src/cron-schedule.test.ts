import { describe, expect, it } from 'vitest';
import { CronError, parseCron } from './cron-schedule';

const iso = (dates: readonly { at: Date }[]) => dates.map(({ at }) => at.toISOString());
const at = (text: string) => new Date(text);

describe('parseCron', () => {
  it('refuses an invalid cron with the spec message', () => {
    expect(() => parseCron('* * *')).toThrow(CronError);
    expect(() => parseCron('* * *')).toThrow(
      'Expression has only 3 parts. At least 5 parts are required.',
    );
  });

  it('schedules in UTC without a prefix', () => {
    const cron = parseCron('0 9 * * *');
    expect(cron.timezone).toBe('UTC');
    expect(cron.nextAfter(at('2026-05-01T09:00:00Z'))?.toISOString()).toBe(
      '2026-05-02T09:00:00.000Z',
    );
  });

  it('schedules in the prefix zone', () => {
    const cron = parseCron('CRON_TZ=America/New_York 0 9 * * *');
    expect(cron.nextAfter(at('2026-05-01T00:00:00Z'))?.toISOString()).toBe(
      '2026-05-01T13:00:00.000Z',
    );
    expect(parseCron('TZ=Asia/Tokyo 0 9 * * *').nextAfter(at('2026-05-01T00:00:00Z'))).toEqual(
      at('2026-05-02T00:00:00Z'),
    );
  });

  it('reads seconds and years', () => {
    expect(iso(parseCron('*/20 * * * * *').upcoming(3, at('2026-01-01T00:00:00Z')))).toEqual([
      '2026-01-01T00:00:20.000Z',
      '2026-01-01T00:00:40.000Z',
      '2026-01-01T00:01:00.000Z',
    ]);
    expect(parseCron('0 0 12 * * * 2020').nextAfter(at('2026-01-01T00:00:00Z'))).toBeUndefined();
  });

  it('reads shorthands and @every, counted from the epoch', () => {
    expect(parseCron('@hourly').nextAfter(at('2026-01-01T10:20:00Z'))).toEqual(
      at('2026-01-01T11:00:00Z'),
    );
    const every = parseCron('@every 90s');
    expect(every.nextAfter(at('2026-01-01T00:00:00Z'))).toEqual(at('2026-01-01T00:01:30Z'));
    expect(every.latestBetween(at('2025-12-31T00:00:00Z'), at('2026-01-01T00:02:59Z'))).toEqual(
      at('2026-01-01T00:01:30Z'),
    );
  });

  it('finds the latest missed due time, and none when nothing was due', () => {
    const cron = parseCron('*/5 * * * *');
    const since = at('2026-01-01T00:00:00Z');
    expect(cron.latestBetween(since, at('2026-01-01T01:07:30Z'))).toEqual(
      at('2026-01-01T01:05:00Z'),
    );
    // A due time exactly at the bound counts.
    expect(cron.latestBetween(since, at('2026-01-01T01:05:00Z'))).toEqual(
      at('2026-01-01T01:05:00Z'),
    );
    expect(cron.latestBetween(at('2026-01-01T01:05:00Z'), at('2026-01-01T01:09:59Z'))).toBe(
      undefined,
    );
  });
});

describe('daylight saving', () => {
  // Europe/Berlin: 2026-03-29 has 23 hours (02:00 → 03:00), 2026-10-25 has 25 (03:00 → 02:00).
  const berlin = (expression: string) => parseCron(`CRON_TZ=Europe/Berlin ${expression}`);

  it('fires a fixed time in the spring gap right after it, once, and says so', () => {
    const fires = berlin('30 2 * * *').upcoming(3, at('2026-03-27T12:00:00Z'));
    expect(fires).toEqual([
      { at: at('2026-03-28T01:30:00Z') }, // 02:30 CET
      { at: at('2026-03-29T01:00:00Z'), dst: 'gap' }, // 02:30 does not exist: 03:00 CEST
      { at: at('2026-03-30T00:30:00Z') }, // 02:30 CEST
    ]);
  });

  it('skips an interval job through the gap: the 23-hour day has 23 hourly fires', () => {
    const cron = berlin('0 * * * *');
    const fires = cron.upcoming(30, at('2026-03-28T22:59:00Z')); // from 23:59 CET
    const sameDay = fires.filter(({ at: t }) => t < at('2026-03-29T22:00:00Z')); // before 00:00 CEST
    expect(sameDay).toHaveLength(23);
    expect(sameDay.some(({ dst }) => dst)).toBe(false);
  });

  it('fires a fixed time once on the fall-back day, at its first pass, and warns', () => {
    const fires = berlin('30 2 * * *').upcoming(3, at('2026-10-23T12:00:00Z'));
    expect(fires).toEqual([
      { at: at('2026-10-24T00:30:00Z') },
      { at: at('2026-10-25T00:30:00Z'), dst: 'repeat' }, // 02:30 CEST; 02:30 CET is not fired
      { at: at('2026-10-26T01:30:00Z') },
    ]);
  });

  it('fires an interval job on both passes: the 25-hour day has 25 hourly fires', () => {
    const cron = berlin('0 * * * *');
    const fires = cron.upcoming(30, at('2026-10-24T21:59:00Z')); // from 23:59 CEST
    const sameDay = fires.filter(({ at: t }) => t < at('2026-10-25T23:00:00Z')); // before 00:00 CET
    expect(sameDay).toHaveLength(25);
    expect(
      sameDay.filter(({ dst }) => dst === 'repeat').map(({ at: t }) => t.toISOString()),
    ).toEqual([
      '2026-10-25T00:00:00.000Z', // 02:00 CEST
      '2026-10-25T01:00:00.000Z', // 02:00 CET
    ]);
  });

  it('says nothing on ordinary days and in UTC', () => {
    expect(
      berlin('30 2 * * *')
        .upcoming(5, at('2026-06-01T00:00:00Z'))
        .some((f) => f.dst),
    ).toBe(false);
    expect(
      parseCron('30 2 * * *')
        .upcoming(400, at('2026-01-01T00:00:00Z'))
        .some((f) => f.dst),
    ).toBe(false);
  });
});
