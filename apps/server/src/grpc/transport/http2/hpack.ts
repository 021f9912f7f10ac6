/**
 * HPACK (RFC 7541): the decoder for request header blocks, with its dynamic table, and the
 * encoder for our responses.
 *
 * The encoder never adds to the peer's dynamic table: our responses carry four or five short
 * headers, the same on every call, so their blocks are encoded once and reused (see
 * `encodeHeaderBlock`), which costs less than any indexing would save. Strings go out as
 * they are, never Huffman-coded, for the same reason.
 */
import { CompressionError } from './errors';
import { decodeHuffman } from './huffman';

export type HeaderField = readonly [name: string, value: string];

// prettier-ignore
const STATIC_TABLE: readonly HeaderField[] = [
  [':authority', ''], [':method', 'GET'], [':method', 'POST'], [':path', '/'],
  [':path', '/index.html'], [':scheme', 'http'], [':scheme', 'https'], [':status', '200'],
  [':status', '204'], [':status', '206'], [':status', '304'], [':status', '400'],
  [':status', '404'], [':status', '500'], ['accept-charset', ''],
  ['accept-encoding', 'gzip, deflate'], ['accept-language', ''], ['accept-ranges', ''],
  ['accept', ''], ['access-control-allow-origin', ''], ['age', ''], ['allow', ''],
  ['authorization', ''], ['cache-control', ''], ['content-disposition', ''],
  ['content-encoding', ''], ['content-language', ''], ['content-length', ''],
  ['content-location', ''], ['content-range', ''], ['content-type', ''], ['cookie', ''],
  ['date', ''], ['etag', ''], ['expect', ''], ['expires', ''], ['from', ''], ['host', ''],
  ['if-match', ''], ['if-modified-since', ''], ['if-none-match', ''], ['if-range', ''],
  ['if-unmodified-since', ''], ['last-modified', ''], ['link', ''], ['location', ''],
  ['max-forwards', ''], ['proxy-authenticate', ''], ['proxy-authorization', ''], ['range', ''],
  ['referer', ''], ['refresh', ''], ['retry-after', ''], ['server', ''], ['set-cookie', ''],
  ['strict-transport-security', ''], ['transfer-encoding', ''], ['user-agent', ''], ['vary', ''],
  ['via', ''], ['www-authenticate', ''],
];

/**
 * Each dynamic table entry counts its name and value octets plus this (RFC 7541, 4.1), and
 * so does each field toward a header list's size (RFC 9113, 6.5.2).
 */
export const ENTRY_OVERHEAD = 32;

/** The default SETTINGS_HEADER_TABLE_SIZE, which we never change for our decoder. */
export const HEADER_TABLE_SIZE = 4096;

/** Decoded Huffman strings kept per connection; past this many the cache starts again. */
const HUFFMAN_CACHE_ENTRIES = 256;

export class HeaderDecoder {
  /** The dynamic table, oldest entry first (so the newest, index 62, is last). */
  private readonly table: HeaderField[] = [];
  private tableSize = 0;
  private maxTableSize = HEADER_TABLE_SIZE;
  /**
   * Huffman-coded strings already decoded, by their coded octets. Node's client sends
   * `authorization` never indexed (it counts as sensitive), so the same long token arrives
   * Huffman-coded on every call, and decoding it bit by bit was 4% of the server's CPU.
   */
  private readonly huffmanDecoded = new Map<string, string>();

  /**
   * Decodes one complete header block. Throws a CompressionError for anything malformed;
   * the table is then out of step with the peer's, so the connection cannot go on.
   */
  decode(block: Buffer): HeaderField[] {
    const fields: HeaderField[] = [];
    const reader = { block, offset: 0 };
    while (reader.offset < block.length) {
      const first = block[reader.offset]!;
      if (first & 0x80) {
        fields.push(this.field(readInteger(reader, 7)));
      } else if (first & 0x40) {
        const field = this.literal(reader, 6);
        this.insert(field);
        fields.push(field);
      } else if (first & 0x20) {
        if (fields.length > 0) {
          throw new CompressionError('dynamic table size update after the first header field');
        }
        const size = readInteger(reader, 5);
        if (size > HEADER_TABLE_SIZE) {
          throw new CompressionError(`dynamic table size ${size} exceeds ${HEADER_TABLE_SIZE}`);
        }
        this.maxTableSize = size;
        this.evict(0);
      } else {
        // Without indexing (0000) or never indexed (0001): the same to a decoder.
        fields.push(this.literal(reader, 4));
      }
    }
    return fields;
  }

  private field(index: number): HeaderField {
    if (index >= 1 && index <= STATIC_TABLE.length) return STATIC_TABLE[index - 1]!;
    const field = this.table[this.table.length - 1 - (index - STATIC_TABLE.length - 1)];
    if (index === 0 || field === undefined) {
      throw new CompressionError(`header table index ${index} does not exist`);
    }
    return field;
  }

  private literal(reader: Reader, prefixBits: number): HeaderField {
    const nameIndex = readInteger(reader, prefixBits);
    const name = nameIndex === 0 ? this.string(reader) : this.field(nameIndex)[0];
    return [name, this.string(reader)];
  }

  /** A string literal (RFC 7541, 5.2), as a latin1 string: one character per octet. */
  private string(reader: Reader): string {
    if (reader.offset >= reader.block.length) {
      throw new CompressionError('header block ends before a string');
    }
    const huffman = (reader.block[reader.offset]! & 0x80) !== 0;
    const length = readInteger(reader, 7);
    const end = reader.offset + length;
    if (end > reader.block.length) throw new CompressionError('header block ends inside a string');
    const start = reader.offset;
    const octets = reader.block.toString('latin1', start, end);
    reader.offset = end;
    if (!huffman) return octets;
    let decoded = this.huffmanDecoded.get(octets);
    if (decoded === undefined) {
      decoded = decodeHuffman(reader.block.subarray(start, end));
      if (this.huffmanDecoded.size >= HUFFMAN_CACHE_ENTRIES) this.huffmanDecoded.clear();
      this.huffmanDecoded.set(octets, decoded);
    }
    return decoded;
  }

  private insert(field: HeaderField): void {
    const size = field[0].length + field[1].length + ENTRY_OVERHEAD;
    // An entry larger than the table empties it and is not added (RFC 7541, 4.4).
    this.evict(Math.min(size, this.maxTableSize + 1));
    if (size > this.maxTableSize) return;
    this.table.push(field);
    this.tableSize += size;
  }

  /** Drops the oldest entries until `room` octets fit. */
  private evict(room: number): void {
    while (this.tableSize + room > this.maxTableSize && this.table.length > 0) {
      const [name, value] = this.table.shift()!;
      this.tableSize -= name.length + value.length + ENTRY_OVERHEAD;
    }
  }
}

interface Reader {
  block: Buffer;
  offset: number;
}

/** An integer with an N-bit prefix (RFC 7541, 5.1). */
function readInteger(reader: Reader, prefixBits: number): number {
  const { block } = reader;
  const mask = (1 << prefixBits) - 1;
  let value = block[reader.offset++]! & mask;
  if (value < mask) return value;
  for (let shift = 0; ; shift += 7) {
    const byte = block[reader.offset++];
    if (byte === undefined) throw new CompressionError('header block ends inside an integer');
    // Nothing in a block we accept comes near this; it stops a runaway before it overflows.
    if (shift > 21) throw new CompressionError('integer too large in a header block');
    value += (byte & 0x7f) * 2 ** shift;
    if ((byte & 0x80) === 0) return value;
  }
}

const staticIndexOfName = new Map<string, number>();
const staticIndexOfField = new Map<string, number>();
STATIC_TABLE.forEach(([name, value], i) => {
  if (!staticIndexOfName.has(name)) staticIndexOfName.set(name, i + 1);
  staticIndexOfField.set(`${name}\0${value}`, i + 1);
});

/**
 * Encodes header fields as a block that leaves the peer's dynamic table alone: a field in
 * the static table by its index, any other as a literal without indexing (by the static
 * name's index where there is one). Names must be lowercase, as HTTP/2 requires.
 */
export function encodeHeaderBlock(fields: readonly HeaderField[]): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of fields) {
    const indexed = staticIndexOfField.get(`${name}\0${value}`);
    if (indexed !== undefined) {
      parts.push(encodeInteger(indexed, 7, 0x80));
      continue;
    }
    const nameIndex = staticIndexOfName.get(name);
    if (nameIndex === undefined) parts.push(Buffer.of(0), encodeString(name));
    else parts.push(encodeInteger(nameIndex, 4, 0));
    parts.push(encodeString(value));
  }
  return Buffer.concat(parts);
}

function encodeString(text: string): Buffer {
  const bytes = Buffer.from(text, 'latin1');
  return Buffer.concat([encodeInteger(bytes.length, 7, 0), bytes]);
}

function encodeInteger(value: number, prefixBits: number, flags: number): Buffer {
  const mask = (1 << prefixBits) - 1;
  if (value < mask) return Buffer.of(flags | value);
  const bytes = [flags | mask];
  for (value -= mask; value >= 0x80; value = Math.floor(value / 0x80)) {
    bytes.push((value % 0x80) | 0x80);
  }
  bytes.push(value);
  return Buffer.from(bytes);
}
