import { z } from 'zod';

/**
 * Query-string helpers. Arrays arrive with the key repeated once per value (`?a=1&a=2`), so a
 * single value comes as a string and several as an array; booleans and numbers come as text.
 */

/** A repeated query parameter: one value or many, always an array after parsing. */
export function queryArray<T extends z.ZodType>(item: T) {
  return z.preprocess(
    (value) => (value === undefined || Array.isArray(value) ? value : [value]),
    z.array(item),
  );
}

export const queryBoolean = z
  .enum(['true', 'false'], { message: 'must be true or false' })
  .transform((v) => v === 'true');

/** PostgreSQL's `integer`: a larger number compared with one fails in the database (a 500). */
const MAX_INTEGER = 2_147_483_647;

/** A whole number in the query string, within bounds (at most MAX_INTEGER unless told). */
export function queryInt(options: { min?: number; max?: number } = {}) {
  let schema = z.coerce
    .number({ message: 'must be a whole number' })
    .int({ message: 'must be a whole number' });
  if (options.min !== undefined)
    schema = schema.min(options.min, { message: `must be at least ${options.min}` });
  const max = options.max ?? MAX_INTEGER;
  return schema.max(max, { message: `must be at most ${max}` });
}

/** `key:value` filters (metadata, labels): split on the first `:`; entries without one are dropped. */
export function splitKeyValues(entries: readonly string[]): { key: string; value: string }[] {
  return entries.flatMap((entry) => {
    const at = entry.indexOf(':');
    return at > 0 ? [{ key: entry.slice(0, at), value: entry.slice(at + 1) }] : [];
  });
}

export const keyValueFilters = queryArray(z.string()).transform(splitKeyValues);

/**
 * `key:value` metadata filters of the older lists (crons, scheduled runs): anything but exactly
 * one `:` between non-empty parts is refused with the reference's message.
 */
export const metadataFilterQuery = queryArray(
  z.string().regex(/^[^:]+:[^:]+$/, {
    message: 'Additional metadata filters must be in the format key:value.',
  }),
).transform(splitKeyValues);

/**
 * An RFC 3339 date-time in the query string that PostgreSQL can compare with: it has no year 0,
 * so `0000-…` (or a time an offset moves into it) would fail there instead of here.
 */
export const queryDateTime = z.iso
  .datetime({ offset: true, message: 'must be an RFC 3339 date-time' })
  .refine((text) => new Date(text).getUTCFullYear() >= 1, {
    message: 'must be a date-time from the year 1 on',
  });
