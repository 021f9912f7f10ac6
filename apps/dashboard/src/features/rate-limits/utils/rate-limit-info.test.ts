import { describe, expect, it } from 'vitest';
import { rateLimitUse, windowLabel } from './rate-limit-info';

describe('rate limit use', () => {
  it('counts the units used and turns yellow from half the limit, red when none is left', () => {
    expect(rateLimitUse({ limitValue: 10, value: 10 })).toEqual({
      used: 0,
      ratio: 0,
      level: 'low',
    });
    expect(rateLimitUse({ limitValue: 10, value: 6 }).level).toBe('low');
    expect(rateLimitUse({ limitValue: 10, value: 5 })).toEqual({
      used: 5,
      ratio: 0.5,
      level: 'high',
    });
    expect(rateLimitUse({ limitValue: 10, value: 0 }).level).toBe('exhausted');
    expect(rateLimitUse({ limitValue: 10, value: -2 })).toEqual({
      used: 12,
      ratio: 1,
      level: 'exhausted',
    });
    expect(rateLimitUse({ limitValue: 0, value: 0 }).level).toBe('exhausted');
  });

  it('names the window in a capitalised word', () => {
    expect(windowLabel('1 minute')).toBe('Minute');
    expect(windowLabel('1 second')).toBe('Second');
    expect(windowLabel('hour')).toBe('Hour');
    expect(windowLabel('5 minutes')).toBe('5 minutes');
  });
});
