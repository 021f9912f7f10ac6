import { describe, expect, it } from 'vitest';
import { formatInZone, upcomingFires } from './fire-times';

const at = (text: string) => new Date(text);

describe('upcomingFires', () => {
  it('lists the next five fires in UTC without a prefix', () => {
    const result = upcomingFires('0 9 * * *', at('2026-05-01T10:00:00Z'));
    expect(result.ok && result.timezone).toBe('UTC');
    expect(result.ok && result.fires.map((fire) => fire.at.toISOString())).toEqual([
      '2026-05-02T09:00:00.000Z',
      '2026-05-03T09:00:00.000Z',
      '2026-05-04T09:00:00.000Z',
      '2026-05-05T09:00:00.000Z',
      '2026-05-06T09:00:00.000Z',
    ]);
  });

  it('marks the fire moved past the spring gap and the one on a repeated wall time', () => {
    const spring = upcomingFires('CRON_TZ=Europe/Berlin 30 2 * * *', at('2026-03-27T12:00:00Z'));
    expect(spring.ok && spring.fires.map((fire) => fire.dst)).toEqual([
      undefined,
      'gap',
      undefined,
      undefined,
      undefined,
    ]);
    const autumn = upcomingFires('CRON_TZ=Europe/Berlin 30 2 * * *', at('2026-10-24T12:00:00Z'));
    expect(autumn.ok && autumn.fires[0]?.dst).toBe('repeat');
  });

  it("gives the spec's message for a cron that cannot be read", () => {
    expect(upcomingFires('* *', new Date())).toEqual({
      ok: false,
      message: 'Expression has only 2 parts. At least 5 parts are required.',
    });
  });
});

describe('formatInZone', () => {
  it('writes the wall time of the zone with its offset', () => {
    expect(formatInZone(at('2026-03-29T01:00:00Z'), 'Europe/Berlin')).toBe(
      'Sun, Mar 29, 2026, 03:00:00 GMT+2',
    );
    // ICU versions write UTC's offset as "GMT" or "GMT+0".
    expect(formatInZone(at('2026-03-29T01:00:00Z'), 'UTC')).toMatch(
      /^Sun, Mar 29, 2026, 01:00:00 GMT(\+0)?$/,
    );
  });
});
