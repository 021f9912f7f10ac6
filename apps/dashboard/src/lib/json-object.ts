/**
 * JSON objects typed by hand into a form (run input, event payloads, filter payloads,
 * metadata): parsing with a message a person can act on.
 */

export type JsonObjectResult =
  { ok: true; value: Record<string, unknown> } | { ok: false; message: string };

/** Parses text that must hold a JSON object; blank text is `{}`. */
export function parseJsonObject(text: string): JsonObjectResult {
  if (text.trim() === '') return { ok: true, value: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `Not valid JSON: ${(error as Error).message}` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, message: 'Must be a JSON object, e.g. {"key": "value"}.' };
  }
  return { ok: true, value: value as Record<string, unknown> };
}

/** An object as the text a JSON field starts from: `{}` for an empty one, else indented. */
export function jsonObjectText(value: Record<string, unknown> | undefined): string {
  return value && Object.keys(value).length > 0 ? JSON.stringify(value, null, 2) : '{}';
}
