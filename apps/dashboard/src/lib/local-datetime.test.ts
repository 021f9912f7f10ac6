import { describe, expect, it } from 'vitest';
import { fromLocalInput, toLocalInput } from './local-datetime';

// The unit tests run with TZ=UTC, so local time equals UTC here.
describe('datetime-local conversion', () => {
  it('round-trips an instant through local input text', () => {
    expect(toLocalInput('2025-03-10T14:05:09.000Z')).toBe('2025-03-10T14:05:09');
    expect(fromLocalInput('2025-03-10T14:05:09')).toBe('2025-03-10T14:05:09.000Z');
  });

  it('treats empty and invalid values as missing', () => {
    expect(toLocalInput(undefined)).toBe('');
    expect(toLocalInput('nope')).toBe('');
    expect(fromLocalInput('')).toBeUndefined();
    expect(fromLocalInput('nope')).toBeUndefined();
  });
});
