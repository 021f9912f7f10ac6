import { describe, expect, it } from 'vitest';
import { describeCron } from './cron-description';
import { validateCron } from './cron-schedule';
import { splitCronTimezone } from './cron-string';
import { CRON_MESSAGES } from './cron-validation';

const invalid = (message: string) => ({ valid: false, message });

describe('splitCronTimezone', () => {
  it('defaults to UTC', () => {
    expect(splitCronTimezone('*/5 * * * *')).toEqual({
      timezone: 'UTC',
      expression: '*/5 * * * *',
    });
  });

  it('reads a TZ prefix as the reference does', () => {
    expect(splitCronTimezone('TZ=Asia/Tokyo 0 9 * * *')).toEqual({
      timezone: 'Asia/Tokyo',
      expression: '0 9 * * *',
    });
  });

  it('reads a CRON_TZ prefix', () => {
    expect(splitCronTimezone('CRON_TZ=America/New_York 0 9 * * 1-5')).toEqual({
      timezone: 'America/New_York',
      expression: '0 9 * * 1-5',
    });
  });
});

describe('validateCron: part counts', () => {
  it('requires at least 5 parts', () => {
    expect(validateCron('')).toEqual(
      invalid('Expression has only 0 parts. At least 5 parts are required.'),
    );
    expect(validateCron('*')).toEqual(
      invalid('Expression has only 1 part. At least 5 parts are required.'),
    );
    expect(validateCron('* * * *')).toEqual(
      invalid('Expression has only 4 parts. At least 5 parts are required.'),
    );
  });

  it('accepts 5, 6 and 7 parts', () => {
    expect(validateCron('* * * * *')).toEqual({ valid: true });
    expect(validateCron('30 * * * * *')).toEqual({ valid: true });
    expect(validateCron('0 0 12 * * * 2030')).toEqual({ valid: true });
  });

  it('rejects more than 7 parts', () => {
    expect(validateCron('* * * * * * * *')).toEqual(invalid('Expression has 8 parts; too many!'));
  });

  it('refuses a zone the time zone database does not know', () => {
    expect(validateCron('CRON_TZ=Mars/Olympus 0 9 * * *')).toEqual(
      invalid('Unknown time zone "Mars/Olympus".'),
    );
  });

  it('counts parts after the timezone prefix', () => {
    expect(validateCron('CRON_TZ=Europe/Paris 0 9 * * *')).toEqual({ valid: true });
    expect(validateCron('CRON_TZ=Europe/Paris 0 9 *')).toEqual(
      invalid(CRON_MESSAGES.tooFewParts(3)),
    );
  });
});

describe('validateCron: values', () => {
  it.each([
    '*/15 * * * *',
    '0 0-23/2 * * *',
    '5,10,15 1 1 1 0',
    '59 23 31 12 6',
    '0 0 L * *',
    '0 0 15W * *',
    '0 0 LW * *',
    '0 0 * * 5L',
    '0 0 * * 1#2',
    '59 59 23 31 12 6',
  ])('accepts %s', (expression) => {
    expect(validateCron(expression)).toEqual({ valid: true });
  });

  it.each([
    ['minute out of range', '60 * * * *'],
    ['hour out of range', '0 24 * * *'],
    ['day of month zero', '0 0 0 * *'],
    ['day of month out of range', '0 0 32 * *'],
    ['month zero', '0 0 1 0 *'],
    ['month out of range', '0 0 1 13 *'],
    ['day of week 7', '0 0 * * 7'],
    ['seconds out of range', '60 * * * * *'],
    ['letters', '0 0 * JAN *'],
    ['question mark', '0 0 ? * *'],
    ['W with a range', '0 0 1-5W * *'],
    ['W with a list', '0 0 1,15W * *'],
    ['W in day of week', '0 0 * * 1W'],
    ['L in minutes', 'L * * * *'],
    ['# in day of month', '0 0 1#2 * *'],
    ['# beyond the fifth', '0 0 * * 1#6'],
    ['reversed range', '0 5-1 * * *'],
    ['zero step', '*/0 * * * *'],
    ['empty list item', '1,,2 * * * *'],
    // Within the allowed characters, but no schedule can be made of them.
    ['an offset from the last day', '0 0 L-3 * *'],
    ['L alone in day of week', '0 0 * * L'],
  ])('rejects %s', (_label, expression) => {
    expect(validateCron(expression)).toEqual(invalid('Expression contains invalid values'));
  });
});

describe('validateCron: special expressions', () => {
  it('accepts the known shorthands', () => {
    for (const special of [
      '@yearly',
      '@annually',
      '@monthly',
      '@weekly',
      '@daily',
      '@midnight',
      '@hourly',
      '@every 1h30m',
    ]) {
      expect(validateCron(special)).toEqual({ valid: true });
    }
  });

  it('refuses an @every shorter than a second', () => {
    expect(validateCron('@every 10ms')).toEqual(invalid('Expression contains invalid values'));
  });

  it('rejects unknown ones', () => {
    expect(validateCron('@sometimes')).toEqual(invalid('Unknown special expression.'));
    expect(validateCron('@reboot')).toEqual(invalid('Unknown special expression.'));
  });
});

describe('describeCron', () => {
  it('describes a plain expression in UTC', () => {
    expect(describeCron('*/5 * * * *')).toEqual({
      ok: true,
      text: 'Every 5 minutes',
      timezone: 'UTC',
    });
  });

  it('keeps the timezone of the prefix', () => {
    const description = describeCron('CRON_TZ=Asia/Tokyo 0 9 * * 1-5');
    expect(description.ok).toBe(true);
    expect(description.timezone).toBe('Asia/Tokyo');
    expect(description.text).toBe('At 09:00, Monday through Friday');
  });

  it('describes shorthands', () => {
    expect(describeCron('@daily').text).toBe('At 00:00');
    expect(describeCron('@every 10m').text).toBe('Every 10m');
  });

  it('gives the failure message for expressions it cannot describe', () => {
    const expected =
      'An error occurred when generating the expression description. Check the cron expression syntax.';
    expect(describeCron('not a cron')).toEqual({ ok: false, text: expected, timezone: 'UTC' });
    expect(describeCron('CRON_TZ=Europe/Oslo 61 * * * *')).toEqual({
      ok: false,
      text: expected,
      timezone: 'Europe/Oslo',
    });
  });
});
