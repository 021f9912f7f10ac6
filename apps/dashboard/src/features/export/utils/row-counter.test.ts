import { describe, expect, it } from 'vitest';
import { createRowCounter } from './row-counter';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('createRowCounter', () => {
  it('counts CSV records after the header, across chunks, ignoring quoted newlines', () => {
    const count = createRowCounter('csv');
    expect(count(bytes('id,name\n'))).toBe(0);
    expect(count(bytes('1,"two\nlines"\n2,"say ""hi'))).toBe(1);
    expect(count(bytes('""\nthere"\n3,é\n'))).toBe(3);
  });

  it('counts JSON rows as lines starting an object, across chunks', () => {
    const count = createRowCounter('json');
    expect(count(bytes('[\n{"a":"x\\ny"}'))).toBe(1);
    expect(count(bytes(',\n'))).toBe(1);
    expect(count(bytes('{"a":2},\n{"a":3}\n]\n'))).toBe(3);
    expect(createRowCounter('json')(bytes('[]\n'))).toBe(0);
  });
});
