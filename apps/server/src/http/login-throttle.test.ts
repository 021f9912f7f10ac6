import { describe, expect, it } from 'vitest';
import { LoginThrottle } from './login-throttle';

describe('LoginThrottle', () => {
  const options = {
    freeFailuresPerAccount: 3,
    freeFailuresPerAddress: 5,
    windowMs: 60_000,
    maxDelayMs: 8_000,
  };

  it('lets the first failures through, then doubles the wait, capped', () => {
    let now = 0;
    const throttle = new LoginThrottle(options, () => now);
    for (let i = 0; i < 3; i++) {
      expect(throttle.waitMs('a@x', `ip${i}`)).toBe(0);
      throttle.recordFailure('a@x', `ip${i}`);
    }
    expect(throttle.waitMs('a@x', 'ip9')).toBe(1000);
    throttle.recordFailure('a@x', 'ip9');
    expect(throttle.waitMs('a@x', 'ip9')).toBe(2000);
    for (let i = 0; i < 5; i++) throttle.recordFailure('a@x', `other${i}`);
    expect(throttle.waitMs('a@x', 'ip9')).toBe(8000);
    now += 8000;
    expect(throttle.waitMs('a@x', 'ip9')).toBe(0);
  });

  it('forgets after the window and after a success', () => {
    let now = 0;
    const throttle = new LoginThrottle(options, () => now);
    for (let i = 0; i < 4; i++) throttle.recordFailure('b@x', `ip${i}`);
    expect(throttle.waitMs('b@x', 'new')).toBeGreaterThan(0);
    throttle.recordSuccess('b@x');
    expect(throttle.waitMs('b@x', 'new')).toBe(0);
    for (let i = 0; i < 4; i++) throttle.recordFailure('c@x', `ip${i}`);
    now += 60_001;
    expect(throttle.waitMs('c@x', 'new')).toBe(0);
  });

  it('slows down one address trying many accounts', () => {
    const throttle = new LoginThrottle(options, () => 0);
    for (let i = 0; i < 5; i++) throttle.recordFailure(`user${i}@x`, 'attacker');
    expect(throttle.waitMs('fresh@x', 'attacker')).toBe(1000);
    expect(throttle.waitMs('fresh@x', 'someone-else')).toBe(0);
  });
});
