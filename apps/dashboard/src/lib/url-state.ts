/**
 * Table state kept in the URL as small JSON objects, as the reference dashboard does:
 * `pagination-<key>` = `{"i": pageIndex, "s": pageSize}` and one filter object per table.
 * Missing or malformed values fall back to the defaults.
 */

export const PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 50;

export interface PaginationState {
  pageIndex: number;
  pageSize: number;
}

/** A URL filter object's fields, or none when the value is not an object. */
export function asObject(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

/** The strings of a URL filter list; anything else in it is dropped. */
export function stringList(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : [];
}

/** One string of a single-choice URL filter: the string, or the first of a list (older links). */
export function singleString(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  return '';
}

export function readJsonParam(params: URLSearchParams, key: string): unknown {
  const raw = params.get(key);
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

export function parsePagination(value: unknown): PaginationState {
  const object = asObject(value);
  const index = object.i;
  const size = object.s;
  return {
    pageIndex: typeof index === 'number' && Number.isInteger(index) && index >= 0 ? index : 0,
    pageSize:
      typeof size === 'number' && (PAGE_SIZES as readonly number[]).includes(size)
        ? size
        : DEFAULT_PAGE_SIZE,
  };
}

/** A copy of `params` with `key` set to the JSON of `value`, or removed when `value` is undefined. */
export function withJsonParam(
  params: URLSearchParams,
  key: string,
  value: unknown,
): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value === undefined) next.delete(key);
  else next.set(key, JSON.stringify(value));
  return next;
}

/** `{s: text}` filters (workflows search): the text, or '' when absent. */
export function parseSearchFilter(value: unknown): string {
  const object = asObject(value);
  return typeof object.s === 'string' ? object.s : '';
}

/** `{s: [...]}` filters (worker statuses): the allowed values present, or the defaults. */
export function parseListFilter<T extends string>(
  value: unknown,
  allowed: readonly T[],
  defaults: readonly T[],
): T[] {
  const object = asObject(value);
  if (!Array.isArray(object.s)) return [...defaults];
  return allowed.filter((item) => (object.s as unknown[]).includes(item));
}

/**
 * A query string of JSON parameters, leaving out the undefined ones: the state of a list that a
 * saved view stores (its filters and hidden columns), built from parsed values so that equal
 * states are equal strings.
 */
export function jsonQueryString(params: Record<string, unknown>): string {
  let search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) search = withJsonParam(search, key, value);
  return search.toString();
}
