/**
 * What PostgreSQL and the engine cannot take, refused at the edge of REST (api-router.ts) and
 * gRPC (grpc-server.ts, grpc-errors.ts) with the field at fault, instead of failing in the
 * database (a 500, or an engine batch failed for every caller in it):
 * - U+0000, which text and jsonb cannot store, and unpaired UTF-16 surrogates (JSON's
 *   `"\ud800"`), which jsonb refuses;
 * - numbers past the double range, which JSON.parse reads as Infinity and JSON cannot hold;
 * - JSON nested deeper than MAX_JSON_DEPTH: parsing it takes no stack, but every recursive
 *   walk after it does (JSON.stringify in the engine overflowed at a few thousand levels).
 */

/** Half of a surrogate pair without its other half (the `u` flag pairs the rest). */
const LONE_SURROGATE = /\p{Cs}/u;

/** Far deeper than any workflow input or metadata needs; far shallower than a stack overflow. */
export const MAX_JSON_DEPTH = 100;

export interface UnstorableValue {
  /** The dotted path of the field at fault, `''` for the value itself. */
  path: string;
  problem: string;
}

/**
 * The first string, object key, number or nesting in `value` that cannot be stored, or
 * undefined.
 * Byte buffers are not text and are skipped. The walk keeps its own stack.
 */
export function findUnstorableValue(value: unknown): UnstorableValue | undefined {
  const pending: [unknown, string, number][] = [[value, '', 0]];
  while (pending.length > 0) {
    const [current, path, depth] = pending.pop()!;
    if (typeof current === 'number') {
      // JSON.parse reads a literal past the double range (1e999) as Infinity, which JSON
      // cannot hold: it would be stored as null.
      if (!Number.isFinite(current)) return { path, problem: 'must be a finite number' };
    } else if (typeof current === 'string') {
      if (current.includes('\u0000') || LONE_SURROGATE.test(current)) {
        return { path, problem: 'must not contain NUL characters or unpaired UTF-16 surrogates' };
      }
    } else if (current !== null && typeof current === 'object' && !ArrayBuffer.isView(current)) {
      if (depth >= MAX_JSON_DEPTH) {
        return { path, problem: `must not be nested deeper than ${MAX_JSON_DEPTH} levels` };
      }
      for (const [key, item] of Object.entries(current)) {
        const itemPath = path ? `${path}.${key}` : key;
        pending.push([key, itemPath, depth + 1], [item, itemPath, depth + 1]);
      }
    }
  }
  return undefined;
}

/** `path` and `problem` as one message, naming `prefix` (a field holding JSON text) first. */
export function describeUnstorable({ path, problem }: UnstorableValue, prefix = ''): string {
  const field = [prefix, path].filter(Boolean).join('.');
  return `${field || 'the request'} ${problem}`;
}
