import { describe, expect, it } from 'vitest';
import { RESEND_AFTER_MS, RecentSends } from './recent-sends';

describe('recent sends', () => {
  it('holds back what was sent until the resend window has passed', () => {
    const clock = { now: 1_000 };
    const recent = new RecentSends(() => clock.now);
    expect(recent.due('a')).toBe(true);
    recent.sent('a');
    expect(recent.due('a')).toBe(false);
    expect(recent.due('b')).toBe(true);
    clock.now += RESEND_AFTER_MS - 1;
    expect(recent.due('a')).toBe(false);
    clock.now += 1;
    expect(recent.due('a')).toBe(true);
  });

  it('forgets what is older than the window, and a key sent again counts from then', () => {
    const clock = { now: 0 };
    const recent = new RecentSends(() => clock.now);
    recent.sent('a');
    recent.sent('b');
    clock.now += RESEND_AFTER_MS / 2;
    recent.sent('a');
    clock.now += RESEND_AFTER_MS / 2;
    recent.prune();
    // 'b' was forgotten; 'a', sent again half a window ago, is still held back.
    expect(recent.due('b')).toBe(true);
    expect(recent.due('a')).toBe(false);
  });
});
