import { describe, expect, it } from 'vitest';
import { fromLocalInput, toLocalInput } from './local-datetime';

describe('datetime-local conversion', () => {
  it('round-trips an instant through input text in the given zone', () => {
    expect(toLocalInput('2025-03-10T14:05:09.000Z', 'UTC')).toBe('2025-03-10T14:05:09');
    expect(fromLocalInput('2025-03-10T14:05:09', 'UTC')).toBe('2025-03-10T14:05:09.000Z');
    expect(toLocalInput('2025-03-10T14:05:09.000Z', 'America/New_York')).toBe(
      '2025-03-10T10:05:09',
    );
    expect(fromLocalInput('2025-03-10T10:05:09', 'America/New_York')).toBe(
      '2025-03-10T14:05:09.000Z',
    );
  });

  it('reads text without seconds, and with a fraction', () => {
    expect(fromLocalInput('2025-03-10T10:05', 'Asia/Kolkata')).toBe('2025-03-10T04:35:00.000Z');
    expect(fromLocalInput('2025-03-10T10:05:09.5', 'UTC')).toBe('2025-03-10T10:05:09.500Z');
  });

  it('reads a time the clock skips as the time after the jump', () => {
    expect(fromLocalInput('2026-03-29T02:30:00', 'Europe/Berlin')).toBe('2026-03-29T01:30:00.000Z');
  });

  it('treats empty and invalid values as missing', () => {
    expect(toLocalInput(undefined, 'UTC')).toBe('');
    expect(toLocalInput('nope', 'UTC')).toBe('');
    expect(fromLocalInput('', 'UTC')).toBeUndefined();
    expect(fromLocalInput('nope', 'UTC')).toBeUndefined();
    expect(fromLocalInput('2025-02-30T10:00', 'UTC')).toBeUndefined();
    expect(fromLocalInput('2025-03-10T24:00', 'UTC')).toBeUndefined();
  });
});
