import { describe, expect, it } from 'vitest';
import { DEFAULT_TOKEN_EXPIRES_IN, TOKEN_EXPIRY_OPTIONS, validateTokenName } from './token-options';

describe('token options', () => {
  it('offers 3 months, 1 year and 100 years in seconds, 100 years by default', () => {
    expect(TOKEN_EXPIRY_OPTIONS.map((option) => [option.label, option.expiresIn])).toEqual([
      ['3 months', '7776000s'],
      ['1 year', '31536000s'],
      ['100 years', '3153600000s'],
    ]);
    expect(DEFAULT_TOKEN_EXPIRES_IN).toBe('3153600000s');
    expect(7776000 / 86400).toBe(90);
    expect(31536000 / 86400).toBe(365);
    expect(3153600000 / 86400).toBe(36500);
  });

  it('requires a name of at most 255 characters', () => {
    expect(validateTokenName('')).toBe('Name is required');
    expect(validateTokenName('   ')).toBe('Name is required');
    expect(validateTokenName('a'.repeat(256))).toBe('Name must be at most 255 characters');
    expect(validateTokenName(` ${'a'.repeat(255)} `)).toBeUndefined();
  });
});
