import { describe, expect, it } from 'vitest';
import { frequencyOptions, parseAlertEmails, splitEmails } from './alert-emails';

describe('parseAlertEmails', () => {
  it('takes addresses one a line or comma separated, lower-cased, each once', () => {
    expect(
      parseAlertEmails('Ops@Example.com\n oncall@example.com, ops@example.com;x@y.io'),
    ).toEqual({ emails: ['ops@example.com', 'oncall@example.com', 'x@y.io'] });
    expect(splitEmails(' a@b.c ,,\n\n')).toEqual(['a@b.c']);
  });

  it('says what is wrong', () => {
    expect(parseAlertEmails('  \n ')).toEqual({ error: 'Enter at least one email address' });
    expect(parseAlertEmails('a@b.c, nope')).toEqual({ error: 'Not an email address: nope' });
    expect(parseAlertEmails('1, 2, 3, 4')).toEqual({
      error: 'Not email addresses: 1, 2, 3 and 1 more',
    });
    const many = Array.from({ length: 101 }, (_, n) => `u${n}@example.com`).join('\n');
    expect(parseAlertEmails(many)).toEqual({
      error: 'A group holds at most 100 email addresses',
    });
  });
});

describe('frequencyOptions', () => {
  it('offers 5 minutes, 1 hour and 24 hours, and keeps another current value', () => {
    expect(frequencyOptions('1h').map((option) => option.value)).toEqual(['5m', '1h', '24h']);
    expect(frequencyOptions('30m').map((option) => option.value)).toEqual([
      '5m',
      '1h',
      '24h',
      '30m',
    ]);
  });
});
