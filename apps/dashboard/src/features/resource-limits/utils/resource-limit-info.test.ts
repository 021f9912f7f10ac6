import { describe, expect, it } from 'vitest';
import { limitLevel, meterWindowLabel } from './resource-limit-info';

describe('limitLevel', () => {
  it('is fine below the alarm value, alarm from it, exhausted at the limit', () => {
    expect(limitLevel({ value: 7, limitValue: 10, alarmValue: 8 })).toBe('fine');
    expect(limitLevel({ value: 8, limitValue: 10, alarmValue: 8 })).toBe('alarm');
    expect(limitLevel({ value: 10, limitValue: 10, alarmValue: 8 })).toBe('exhausted');
    expect(limitLevel({ value: 12, limitValue: 10, alarmValue: 8 })).toBe('exhausted');
  });

  it('has no alarm level without an alarm value', () => {
    expect(limitLevel({ value: 9, limitValue: 10 })).toBe('fine');
  });
});

describe('meterWindowLabel', () => {
  it('names a day, a week and 30 days, however the duration is written', () => {
    expect(meterWindowLabel('24h')).toBe('Daily');
    expect(meterWindowLabel('24h0m0s')).toBe('Daily');
    expect(meterWindowLabel('168h')).toBe('Weekly');
    expect(meterWindowLabel('720h')).toBe('Monthly');
  });

  it('keeps any other window as written', () => {
    expect(meterWindowLabel('1h')).toBe('1h');
    expect(meterWindowLabel('1 day')).toBe('1 day');
  });
});
