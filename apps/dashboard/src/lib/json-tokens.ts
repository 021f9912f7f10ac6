/**
 * Pretty-printed JSON split into tokens for colouring (keys, strings, numbers, literals).
 * The viewer renders them as text nodes, so payloads never become markup.
 */

export type JsonTokenKind = 'key' | 'string' | 'number' | 'literal' | 'punctuation';

export interface JsonToken {
  kind: JsonTokenKind;
  text: string;
}

const TOKEN =
  /("(?:[^"\\]|\\.)*")(\s*:)?|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|\b(true|false|null)\b|([{}[\],:\s]+)/g;

export function tokenizeJson(text: string): JsonToken[] {
  const tokens: JsonToken[] = [];
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    if (match.index > last)
      tokens.push({ kind: 'punctuation', text: text.slice(last, match.index) });
    last = match.index + match[0].length;
    if (match[1] !== undefined) {
      tokens.push({ kind: match[2] ? 'key' : 'string', text: match[1] });
      if (match[2]) tokens.push({ kind: 'punctuation', text: match[2] });
    } else if (match[3] !== undefined) tokens.push({ kind: 'number', text: match[3] });
    else if (match[4] !== undefined) tokens.push({ kind: 'literal', text: match[4] });
    else tokens.push({ kind: 'punctuation', text: match[0] });
  }
  if (last < text.length) tokens.push({ kind: 'punctuation', text: text.slice(last) });
  return tokens;
}

/** JSON text for a payload: two-space indent; `undefined` shows as an empty object. */
export function formatJson(value: unknown): string {
  return JSON.stringify(value ?? {}, null, 2) ?? 'null';
}
