import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REFETCH_OPTION,
  REFETCH_OPTIONS,
  parseFrozen,
  parseRefetchOption,
  refetchIntervalFor,
} from './use-refetch-interval';

describe('refetch interval preference', () => {
  it('offers Off, 5s, 10s, 30s, 1m and 5m', () => {
    expect(REFETCH_OPTIONS.map((option) => [option.label, option.ms])).toEqual([
      ['Off', false],
      ['5s', 5000],
      ['10s', 10000],
      ['30s', 30000],
      ['1m', 60000],
      ['5m', 300000],
    ]);
  });

  it('defaults to 10s', () => {
    expect(DEFAULT_REFETCH_OPTION).toBe('10s');
    expect(parseRefetchOption(null)).toBe('10s');
    expect(parseRefetchOption('garbage')).toBe('10s');
  });

  it('reads bare and JSON-quoted values', () => {
    expect(parseRefetchOption('30s')).toBe('30s');
    expect(parseRefetchOption('"1m"')).toBe('1m');
    expect(parseRefetchOption('off')).toBe('off');
  });

  it('stops refreshing when off, frozen or live', () => {
    expect(refetchIntervalFor('5s', false)).toBe(5000);
    expect(refetchIntervalFor('off', false)).toBe(false);
    expect(refetchIntervalFor('5s', true)).toBe(false);
    // Live updates refresh the lists instead.
    expect(refetchIntervalFor('5s', false, true)).toBe(false);
    expect(parseFrozen('true')).toBe(true);
    expect(parseFrozen('false')).toBe(false);
    expect(parseFrozen(null)).toBe(false);
  });
});
