import { describe, expect, it } from 'vitest';
import { parseAnsi } from './ansi';

describe('ANSI log colours', () => {
  it('keeps plain text as one segment', () => {
    expect(parseAnsi('hello <b>world</b>')).toEqual([
      { text: 'hello <b>world</b>', className: '' },
    ]);
  });

  it('colours and resets', () => {
    expect(parseAnsi('\u001b[31mred\u001b[0m plain \u001b[1;32mbold green')).toEqual([
      { text: 'red', className: 'text-red-500' },
      { text: ' plain ', className: '' },
      { text: 'bold green', className: 'text-green-500 font-bold' },
    ]);
  });

  it('drops other escape sequences', () => {
    expect(parseAnsi('a\u001b[2Kb')).toEqual([{ text: 'ab', className: '' }]);
  });
});
