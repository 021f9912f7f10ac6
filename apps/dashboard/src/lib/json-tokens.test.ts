import { describe, expect, it } from 'vitest';
import { formatJson, tokenizeJson } from './json-tokens';

describe('JSON tokens', () => {
  it('marks keys, strings, numbers and literals and keeps every character', () => {
    const text = formatJson({ name: 'a "b"', n: -1.5e3, ok: true, none: null, list: [1] });
    const tokens = tokenizeJson(text);
    expect(tokens.map((token) => token.text).join('')).toBe(text);
    expect(tokens.filter((token) => token.kind === 'key').map((token) => token.text)).toEqual([
      '"name"',
      '"n"',
      '"ok"',
      '"none"',
      '"list"',
    ]);
    expect(tokens.find((token) => token.kind === 'string')?.text).toBe('"a \\"b\\""');
    expect(tokens.filter((token) => token.kind === 'number').map((token) => token.text)).toEqual([
      '-1500',
      '1',
    ]);
    expect(tokens.filter((token) => token.kind === 'literal').map((token) => token.text)).toEqual([
      'true',
      'null',
    ]);
  });

  it('formats a missing payload as an empty object', () => {
    expect(formatJson(undefined)).toBe('{}');
  });
});
