import { describe, expect, it } from 'vitest';
import { SLUG_PATTERN, slugFromName, validateSlug, validateTenantName } from './slug';

describe('slugFromName', () => {
  it('lower-cases and joins words with dashes', () => {
    expect(slugFromName('Acme Production')).toBe('acme-production');
    expect(slugFromName('  My   Team!! ')).toBe('my-team');
  });

  it('keeps dots, dashes and underscores and drops accents', () => {
    expect(slugFromName('api.v2_staging-eu')).toBe('api.v2_staging-eu');
    expect(slugFromName('Café Crème')).toBe('cafe-creme');
  });

  it('always matches the slug pattern when not empty', () => {
    for (const name of ['Ünïcödé & co', '--x--', 'a/b\\c', '日本 team']) {
      const slug = slugFromName(name);
      expect(slug === '' || SLUG_PATTERN.test(slug)).toBe(true);
    }
    expect(slugFromName('日本')).toBe('');
  });
});

describe('validation', () => {
  it('checks the slug against ^[a-zA-Z0-9.\\-_]+$', () => {
    expect(validateSlug('Acme_1.2-x')).toBeUndefined();
    expect(validateSlug('')).toBe('Enter a slug.');
    expect(validateSlug('has space')).toBe(
      'Use only letters, numbers, dots, dashes and underscores.',
    );
    expect(validateSlug('slash/')).toBeDefined();
  });

  it('requires a name', () => {
    expect(validateTenantName(' ')).toBe('Enter a name for the tenant.');
    expect(validateTenantName('Acme')).toBeUndefined();
  });
});
