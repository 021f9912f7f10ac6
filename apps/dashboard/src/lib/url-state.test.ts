import { describe, expect, it } from 'vitest';
import {
  parseListFilter,
  parsePagination,
  parseSearchFilter,
  readJsonParam,
  withJsonParam,
} from './url-state';

describe('url state', () => {
  it('reads pagination with defaults for bad values', () => {
    expect(parsePagination({ i: 2, s: 25 })).toEqual({ pageIndex: 2, pageSize: 25 });
    expect(parsePagination({ i: -1, s: 7 })).toEqual({ pageIndex: 0, pageSize: 50 });
    expect(parsePagination(undefined)).toEqual({ pageIndex: 0, pageSize: 50 });
  });

  it('reads JSON params and ignores malformed ones', () => {
    const params = new URLSearchParams('a=%7B%22s%22%3A%22x%22%7D&b=%7Bnope');
    expect(parseSearchFilter(readJsonParam(params, 'a'))).toBe('x');
    expect(readJsonParam(params, 'b')).toBeUndefined();
    expect(readJsonParam(params, 'c')).toBeUndefined();
  });

  it('writes and removes JSON params', () => {
    const params = withJsonParam(new URLSearchParams('keep=1'), 'f', { s: 'a b' });
    expect(params.get('f')).toBe('{"s":"a b"}');
    expect(params.get('keep')).toBe('1');
    expect(withJsonParam(params, 'f', undefined).has('f')).toBe(false);
  });

  it('keeps only allowed list values; defaults when absent', () => {
    const allowed = ['A', 'B', 'C'] as const;
    expect(parseListFilter({ s: ['B', 'X'] }, allowed, ['A'])).toEqual(['B']);
    expect(parseListFilter({ s: [] }, allowed, ['A'])).toEqual([]);
    expect(parseListFilter(undefined, allowed, ['A', 'C'])).toEqual(['A', 'C']);
  });
});
