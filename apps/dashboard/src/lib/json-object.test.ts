import { describe, expect, it } from 'vitest';
import { jsonObjectText, parseJsonObject } from './json-object';

describe('JSON objects typed into forms', () => {
  it('parses objects and explains everything else', () => {
    expect(parseJsonObject('  ')).toEqual({ ok: true, value: {} });
    expect(parseJsonObject('{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseJsonObject('[1]')).toMatchObject({ ok: false, message: /JSON object/ });
    expect(parseJsonObject('{a:1}')).toMatchObject({ ok: false, message: /^Not valid JSON/ });
  });

  it('writes objects back indented, and nothing as {}', () => {
    expect(jsonObjectText(undefined)).toBe('{}');
    expect(jsonObjectText({})).toBe('{}');
    expect(jsonObjectText({ a: 1 })).toBe('{\n  "a": 1\n}');
  });
});
