// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { rememberRefParam } from './ref-param';

describe('rememberRefParam', () => {
  beforeEach(() => localStorage.clear());

  it('stores the ref query parameter under the key ref', () => {
    rememberRefParam('?tenant=t1&ref=launch-week');
    expect(localStorage.getItem('ref')).toBe('launch-week');
  });

  it('leaves storage alone without the parameter', () => {
    localStorage.setItem('ref', 'earlier');
    rememberRefParam('?tenant=t1');
    expect(localStorage.getItem('ref')).toBe('earlier');
  });
});
