import type { ExportFormat } from '@trellis/api-contract';

const NEWLINE = 0x0a;
const QUOTE = 0x22;
const OPEN_BRACE = 0x7b;

/**
 * Counts the rows of an export as its bytes arrive, for the progress bar. Works on raw bytes:
 * the characters it looks for are ASCII, and UTF-8 never uses ASCII bytes inside a multi-byte
 * character, so no decoding is needed.
 *
 * - CSV: records end with a newline outside quotes (a quoted value may hold newlines; an
 *   escaped quote `""` toggles twice); the first record is the header line.
 * - JSON: the server writes one row per line, each starting with `{` (see the contract).
 */
export function createRowCounter(format: ExportFormat): (chunk: Uint8Array) => number {
  let rows = 0;
  if (format === 'csv') {
    let records = 0;
    let quoted = false;
    return (chunk) => {
      for (const byte of chunk) {
        if (byte === QUOTE) quoted = !quoted;
        else if (byte === NEWLINE && !quoted) records += 1;
      }
      rows = Math.max(0, records - 1);
      return rows;
    };
  }
  let afterNewline = false;
  return (chunk) => {
    for (const byte of chunk) {
      if (afterNewline && byte === OPEN_BRACE) rows += 1;
      afterNewline = byte === NEWLINE;
    }
    return rows;
  };
}
