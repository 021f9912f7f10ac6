import { describe, expect, it } from 'vitest';
import { cronVerdict, runsText } from './cron-verdict';

describe('cronVerdict', () => {
  it("says the spec's messages word for word", () => {
    expect(cronVerdict('* * *')).toEqual({
      valid: false,
      message: 'Expression has only 3 parts. At least 5 parts are required.',
    });
    expect(cronVerdict('*')).toEqual({
      valid: false,
      message: 'Expression has only 1 part. At least 5 parts are required.',
    });
    expect(cronVerdict('* * * * * * * *')).toEqual({
      valid: false,
      message: 'Expression has 8 parts; too many!',
    });
    expect(cronVerdict('61 * * * *')).toEqual({
      valid: false,
      message: 'Expression contains invalid values',
    });
    expect(cronVerdict('@fortnightly')).toEqual({
      valid: false,
      message: 'Unknown special expression.',
    });
  });

  it('describes a valid cron with its timezone, UTC without a prefix', () => {
    expect(cronVerdict('* * * * *')).toEqual({
      valid: true,
      description: 'Every minute',
      timezone: 'UTC',
    });
    expect(cronVerdict('CRON_TZ=Europe/Berlin 30 2 * * *')).toMatchObject({
      valid: true,
      timezone: 'Europe/Berlin',
    });
  });

  it('reads a description as a sentence', () => {
    expect(runsText('Every minute')).toBe('Runs every minute');
  });
});
