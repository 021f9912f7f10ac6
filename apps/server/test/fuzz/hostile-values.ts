/**
 * Values chosen to break servers: boundary numbers, huge and odd strings (NUL, lone
 * surrogates, right-to-left marks, path and SQL fragments), dates at the edges of what
 * PostgreSQL and JavaScript can hold, ids that look right but name nothing, and JSON nested
 * past what recursive code expects. Shared by the REST and gRPC fuzzers.
 */
import fc from 'fast-check';

/** A UUID no fixture has, and ids whose shape is right but whose version or variant is odd. */
export const UNKNOWN_IDS = [
  '0b7c6f7e-9a51-4c6e-8f0e-5d4f2a1b3c9d',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '00000000-0000-1000-8000-000000000000',
  'FFFFFFFF-FFFF-8FFF-BFFF-FFFFFFFFFFFF',
];

const EDGE_DATES = [
  '0000-01-01T00:00:00Z',
  '0001-01-01T00:00:00Z',
  '1969-12-31T23:59:59.999999999Z',
  '1970-01-01T00:00:00Z',
  '2038-01-19T03:14:08Z',
  '9999-12-31T23:59:59+14:00',
  '9999-12-31T23:59:59-23:59',
  '2026-02-29T00:00:00Z',
  '2026-13-01T00:00:00Z',
  '+275760-09-13T00:00:00Z',
  '2026-01-01',
  '2026-01-01T00:00:00',
  '1e999',
];

const STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'a\udfffb',
  '\u202eevil',
  '\ufeff',
  'é✓💥',
  '💥'.repeat(300),
  '../../etc/passwd',
  '%00',
  '%',
  "'; DROP TABLE users; --",
  '" OR 1=1 --',
  '\\',
  '$1',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'true',
  '-1',
  '0',
  '1e309',
  'NaN',
  '-Infinity',
  '9223372036854775808',
  '9007199254740993',
  'a:b',
  ':',
  'a:',
  ':b',
  'a@b',
  'ADMIN@EXAMPLE.COM',
  '* * * * * * *',
  '0 0 31 2 *',
  '99999999999999h',
  '1.5.5s',
  'input.x ==',
  '('.repeat(2000),
  'x'.repeat(255),
  'x'.repeat(256),
  'x'.repeat(257),
  'x'.repeat(4097),
  'x'.repeat(70_000),
  ...UNKNOWN_IDS,
  ...EDGE_DATES,
];

const NUMBERS = [
  0,
  -0,
  1,
  -1,
  0.5,
  -0.5,
  2 ** 15,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 53 - 1,
  2 ** 53 + 2,
  -(2 ** 53) - 2,
  2 ** 63,
  -(2 ** 63),
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
];

/** Strings of any code point, lone surrogates included, and long runs of them. */
export const anyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.string({ unit: 'binary', minLength: 1, maxLength: 3 }), fc.nat(20_000))
      .map(([text, times]) => text.repeat(times)),
  },
);

export const anyNumber: fc.Arbitrary<number> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NUMBERS) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
);

/** Integers around a schema's bounds: inside, on and just past each. */
export function boundaryNumbers(minimum?: number, maximum?: number): fc.Arbitrary<number> {
  const edges = [minimum, maximum].flatMap((edge) =>
    edge === undefined ? [] : [edge - 1, edge, edge + 1],
  );
  return edges.length === 0 ? anyNumber : fc.oneof(fc.constantFrom(...edges), anyNumber);
}

/**
 * JSON nested thousands of levels deep. Stringifying it would take as deep a recursion in the
 * fuzzer itself, so it travels as a placeholder string that `toJsonText` expands into text.
 */
export const deepJson: fc.Arbitrary<unknown> = fc
  .tuple(fc.integer({ min: 10, max: 5_000 }), fc.constantFrom('array', 'object'))
  .map(([depth, kind]) => `⟦deep ${kind} ${depth}⟧`);

/** JSON text of `value`, with the placeholders of `deepJson` expanded. */
export function toJsonText(value: unknown): string {
  return (JSON.stringify(value) ?? 'null').replace(
    /"⟦deep (array|object) (\d+)⟧"/g,
    (_match, kind: string, depth: string) => {
      const [open, close] = kind === 'array' ? ['[', ']'] : ['{"a":', '}'];
      return `${open.repeat(Number(depth))}1${close.repeat(Number(depth))}`;
    },
  );
}

/** Any JSON value: hostile leaves, odd keys, and now and then nesting past recursion limits. */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 2, arbitrary: anyString },
  { weight: 2, arbitrary: anyNumber },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: deepJson },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.tuple(anyString, fc.oneof(anyString, anyNumber, fc.constant(null))), {
        maxLength: 4,
      })
      .map((entries) => Object.fromEntries(entries)),
  },
);
