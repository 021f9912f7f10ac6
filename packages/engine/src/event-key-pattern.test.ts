import { describe, expect, it } from 'vitest';
import { eventKeyPattern } from './event-key-pattern';

const matches = (pattern: string, key: string) => eventKeyPattern(pattern).test(key);

describe('eventKeyPattern', () => {
  it('matches a plain key exactly, case-sensitively', () => {
    expect(matches('user:created', 'user:created')).toBe(true);
    expect(matches('user:created', 'user:created:x')).toBe(false);
    expect(matches('user:created', 'User:created')).toBe(false);
  });

  it('treats * and % as any run of characters, including none and separators', () => {
    expect(matches('user:*', 'user:created')).toBe(true);
    expect(matches('user:*', 'user:')).toBe(true);
    expect(matches('user:*', 'user:a:b.c')).toBe(true);
    expect(matches('*:created', 'order:created')).toBe(true);
    expect(matches('%', 'anything')).toBe(true);
    expect(matches('user:*', 'order:created')).toBe(false);
  });

  it('treats _ as one character, as LIKE does, and \\ as an escape', () => {
    expect(matches('user_created', 'user_created')).toBe(true);
    expect(matches('user_created', 'user-created')).toBe(true);
    expect(matches('user_created', 'usercreated')).toBe(false);
    expect(matches('user\\_created', 'user-created')).toBe(false);
    expect(matches('price\\*', 'price*')).toBe(true);
    expect(matches('price\\*', 'prices')).toBe(false);
  });

  it('takes regular-expression characters literally', () => {
    expect(matches('a.b(c)+[d]', 'a.b(c)+[d]')).toBe(true);
    expect(matches('a.b', 'axb')).toBe(false);
  });
});
