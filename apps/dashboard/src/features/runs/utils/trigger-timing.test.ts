import { describe, expect, it } from 'vitest';
import { addToTime, timingProblems, timingSubmitLabel } from './trigger-timing';

const values = {
  triggerAt: '2026-05-01T10:00:00.000Z',
  cronName: 'nightly',
  cronExpression: '0 2 * * *',
};

describe('trigger timing', () => {
  it('needs nothing more to run now', () => {
    expect(timingProblems('now', { ...values, triggerAt: undefined, cronName: '' })).toEqual([]);
    expect(timingSubmitLabel('now')).toBe('Run now');
  });

  it('needs a time to schedule', () => {
    expect(timingProblems('schedule', values)).toEqual([]);
    expect(timingProblems('schedule', { ...values, triggerAt: undefined })).toEqual([
      'Select a date and time.',
    ]);
  });

  it("needs a name and a valid expression for a cron, with the spec's messages", () => {
    expect(timingProblems('cron', values)).toEqual([]);
    expect(timingProblems('cron', { ...values, cronName: ' ', cronExpression: '* * *' })).toEqual([
      'Enter a cron name.',
      'Expression has only 3 parts. At least 5 parts are required.',
    ]);
    expect(timingProblems('cron', { ...values, cronExpression: '* * * * * * * *' })).toEqual([
      'Expression has 8 parts; too many!',
    ]);
    expect(timingProblems('cron', { ...values, cronExpression: '@sometimes' })).toEqual([
      'Unknown special expression.',
    ]);
  });

  it('adds the quick steps to the picked time, or to now', () => {
    const now = new Date('2026-05-01T12:00:00Z');
    expect(addToTime(values.triggerAt, 15_000, now).toISOString()).toBe('2026-05-01T10:00:15.000Z');
    expect(addToTime(undefined, 3_600_000, now).toISOString()).toBe('2026-05-01T13:00:00.000Z');
  });
});
