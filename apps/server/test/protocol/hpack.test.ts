/**
 * HPACK (src/grpc/transport/http2/hpack.ts and huffman.ts): the decoder against RFC 7541's
 * examples (appendix C), malformed blocks, and a real encoder, nghttp2 in node:http2's client,
 * talking to an Http2ServerConnection; Huffman decoding against the RFC's code table (copied
 * here, so that the test encodes independently of huffman.ts); and our encoder's blocks
 * decoding back to what was encoded.
 */
import {
  connect,
  sensitiveHeaders,
  type ClientHttp2Session,
  type OutgoingHttpHeaders,
} from 'node:http2';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Http2ServerConnection } from '../../src/grpc/transport/http2/connection';
import { CompressionError, ErrorCode } from '../../src/grpc/transport/http2/errors';
import { FRAME_HEADER_BYTES, FrameType } from '../../src/grpc/transport/http2/frames';
import {
  encodeHeaderBlock,
  HeaderDecoder,
  type HeaderField,
} from '../../src/grpc/transport/http2/hpack';
import { decodeHuffman } from '../../src/grpc/transport/http2/huffman';
import type { RequestHeaders } from '../../src/grpc/transport/http2/stream';

/** Bytes from hex as the RFC prints them, spaces allowed. */
const hex = (text: string) => Buffer.from(text.replace(/\s/g, ''), 'hex');

/** An HPACK integer (RFC 7541, 5.1), written here independently of hpack.ts. */
function integer(value: number, prefixBits: number, flags = 0): Buffer {
  const max = 2 ** prefixBits - 1;
  if (value < max) return Buffer.of(flags | value);
  const bytes = [flags | max];
  let rest = value - max;
  while (rest >= 128) {
    bytes.push((rest % 128) + 128);
    rest = Math.floor(rest / 128);
  }
  bytes.push(rest);
  return Buffer.from(bytes);
}

/** An indexed header field representation (RFC 7541, 6.1). */
const indexed = (index: number) => integer(index, 7, 0x80);

/** A raw (not Huffman-coded) string literal (RFC 7541, 5.2). */
function literal(text: string): Buffer {
  const bytes = Buffer.from(text, 'latin1');
  return Buffer.concat([integer(bytes.length, 7), bytes]);
}

/** A literal header field with incremental indexing and a new name (RFC 7541, 6.2.1). */
const withIndexing = (name: string, value: string) =>
  Buffer.concat([Buffer.of(0x40), literal(name), literal(value)]);

/** A dynamic table size update (RFC 7541, 6.3). */
const sizeUpdate = (size: number) => integer(size, 5, 0x20);

/**
 * The dynamic table, newest entry first, as seen through indexed references from 62 on
 * (which do not change it): the first index that does not decode is one past its end.
 */
function dynamicTable(decoder: HeaderDecoder): HeaderField[] {
  const entries: HeaderField[] = [];
  for (let index = 62; ; index++) {
    try {
      entries.push(...decoder.decode(indexed(index)));
    } catch (error) {
      if (error instanceof CompressionError) return entries;
      throw error;
    }
  }
}

/** A table's size as RFC 7541, 4.1 counts it. */
const tableSize = (entries: HeaderField[]) =>
  entries.reduce((sum, [name, value]) => sum + name.length + value.length + 32, 0);

/**
 * RFC 7541 appendix B: each symbol's code, as [code, length in bits], for octets 0–255 and
 * EOS (256). Taken from the RFC's table; checked below against appendix C's Huffman strings.
 */
// prettier-ignore
const HUFFMAN_CODES: readonly (readonly [code: number, bits: number])[] = [
  [0x1ff8, 13], [0x7fffd8, 23], [0xfffffe2, 28], [0xfffffe3, 28], [0xfffffe4, 28],
  [0xfffffe5, 28], [0xfffffe6, 28], [0xfffffe7, 28], [0xfffffe8, 28], [0xffffea, 24],
  [0x3ffffffc, 30], [0xfffffe9, 28], [0xfffffea, 28], [0x3ffffffd, 30], [0xfffffeb, 28],
  [0xfffffec, 28], [0xfffffed, 28], [0xfffffee, 28], [0xfffffef, 28], [0xffffff0, 28],
  [0xffffff1, 28], [0xffffff2, 28], [0x3ffffffe, 30], [0xffffff3, 28], [0xffffff4, 28],
  [0xffffff5, 28], [0xffffff6, 28], [0xffffff7, 28], [0xffffff8, 28], [0xffffff9, 28],
  [0xffffffa, 28], [0xffffffb, 28], [0x14, 6], [0x3f8, 10], [0x3f9, 10],
  [0xffa, 12], [0x1ff9, 13], [0x15, 6], [0xf8, 8], [0x7fa, 11],
  [0x3fa, 10], [0x3fb, 10], [0xf9, 8], [0x7fb, 11], [0xfa, 8],
  [0x16, 6], [0x17, 6], [0x18, 6], [0x0, 5], [0x1, 5],
  [0x2, 5], [0x19, 6], [0x1a, 6], [0x1b, 6], [0x1c, 6],
  [0x1d, 6], [0x1e, 6], [0x1f, 6], [0x5c, 7], [0xfb, 8],
  [0x7ffc, 15], [0x20, 6], [0xffb, 12], [0x3fc, 10], [0x1ffa, 13],
  [0x21, 6], [0x5d, 7], [0x5e, 7], [0x5f, 7], [0x60, 7],
  [0x61, 7], [0x62, 7], [0x63, 7], [0x64, 7], [0x65, 7],
  [0x66, 7], [0x67, 7], [0x68, 7], [0x69, 7], [0x6a, 7],
  [0x6b, 7], [0x6c, 7], [0x6d, 7], [0x6e, 7], [0x6f, 7],
  [0x70, 7], [0x71, 7], [0x72, 7], [0xfc, 8], [0x73, 7],
  [0xfd, 8], [0x1ffb, 13], [0x7fff0, 19], [0x1ffc, 13], [0x3ffc, 14],
  [0x22, 6], [0x7ffd, 15], [0x3, 5], [0x23, 6], [0x4, 5],
  [0x24, 6], [0x5, 5], [0x25, 6], [0x26, 6], [0x27, 6],
  [0x6, 5], [0x74, 7], [0x75, 7], [0x28, 6], [0x29, 6],
  [0x2a, 6], [0x7, 5], [0x2b, 6], [0x76, 7], [0x2c, 6],
  [0x8, 5], [0x9, 5], [0x2d, 6], [0x77, 7], [0x78, 7],
  [0x79, 7], [0x7a, 7], [0x7b, 7], [0x7ffe, 15], [0x7fc, 11],
  [0x3ffd, 14], [0x1ffd, 13], [0xffffffc, 28], [0xfffe6, 20], [0x3fffd2, 22],
  [0xfffe7, 20], [0xfffe8, 20], [0x3fffd3, 22], [0x3fffd4, 22], [0x3fffd5, 22],
  [0x7fffd9, 23], [0x3fffd6, 22], [0x7fffda, 23], [0x7fffdb, 23], [0x7fffdc, 23],
  [0x7fffdd, 23], [0x7fffde, 23], [0xffffeb, 24], [0x7fffdf, 23], [0xffffec, 24],
  [0xffffed, 24], [0x3fffd7, 22], [0x7fffe0, 23], [0xffffee, 24], [0x7fffe1, 23],
  [0x7fffe2, 23], [0x7fffe3, 23], [0x7fffe4, 23], [0x1fffdc, 21], [0x3fffd8, 22],
  [0x7fffe5, 23], [0x3fffd9, 22], [0x7fffe6, 23], [0x7fffe7, 23], [0xffffef, 24],
  [0x3fffda, 22], [0x1fffdd, 21], [0xfffe9, 20], [0x3fffdb, 22], [0x3fffdc, 22],
  [0x7fffe8, 23], [0x7fffe9, 23], [0x1fffde, 21], [0x7fffea, 23], [0x3fffdd, 22],
  [0x3fffde, 22], [0xfffff0, 24], [0x1fffdf, 21], [0x3fffdf, 22], [0x7fffeb, 23],
  [0x7fffec, 23], [0x1fffe0, 21], [0x1fffe1, 21], [0x3fffe0, 22], [0x1fffe2, 21],
  [0x7fffed, 23], [0x3fffe1, 22], [0x7fffee, 23], [0x7fffef, 23], [0xfffea, 20],
  [0x3fffe2, 22], [0x3fffe3, 22], [0x3fffe4, 22], [0x7ffff0, 23], [0x3fffe5, 22],
  [0x3fffe6, 22], [0x7ffff1, 23], [0x3ffffe0, 26], [0x3ffffe1, 26], [0xfffeb, 20],
  [0x7fff1, 19], [0x3fffe7, 22], [0x7ffff2, 23], [0x3fffe8, 22], [0x1ffffec, 25],
  [0x3ffffe2, 26], [0x3ffffe3, 26], [0x3ffffe4, 26], [0x7ffffde, 27], [0x7ffffdf, 27],
  [0x3ffffe5, 26], [0xfffff1, 24], [0x1ffffed, 25], [0x7fff2, 19], [0x1fffe3, 21],
  [0x3ffffe6, 26], [0x7ffffe0, 27], [0x7ffffe1, 27], [0x3ffffe7, 26], [0x7ffffe2, 27],
  [0xfffff2, 24], [0x1fffe4, 21], [0x1fffe5, 21], [0x3ffffe8, 26], [0x3ffffe9, 26],
  [0xffffffd, 28], [0x7ffffe3, 27], [0x7ffffe4, 27], [0x7ffffe5, 27], [0xfffec, 20],
  [0xfffff3, 24], [0xfffed, 20], [0x1fffe6, 21], [0x3fffe9, 22], [0x1fffe7, 21],
  [0x1fffe8, 21], [0x7ffff3, 23], [0x3fffea, 22], [0x3fffeb, 22], [0x1ffffee, 25],
  [0x1ffffef, 25], [0xfffff4, 24], [0xfffff5, 24], [0x3ffffea, 26], [0x7ffff4, 23],
  [0x3ffffeb, 26], [0x7ffffe6, 27], [0x3ffffec, 26], [0x3ffffed, 26], [0x7ffffe7, 27],
  [0x7ffffe8, 27], [0x7ffffe9, 27], [0x7ffffea, 27], [0x7ffffeb, 27], [0xffffffe, 28],
  [0x7ffffec, 27], [0x7ffffed, 27], [0x7ffffee, 27], [0x7ffffef, 27], [0x7fffff0, 27],
  [0x3ffffee, 26], [0x3fffffff, 30],];
const EOS = 256;

/** Huffman-codes symbols (octets, or EOS) with the table above, padded with ones. */
function huffman(symbols: Iterable<number>): Buffer {
  const out: number[] = [];
  let pending = 0;
  let pendingBits = 0;
  for (const symbol of symbols) {
    const [code, bits] = HUFFMAN_CODES[symbol]!;
    pending = pending * 2 ** bits + code;
    pendingBits += bits;
    while (pendingBits >= 8) {
      pendingBits -= 8;
      const top = Math.floor(pending / 2 ** pendingBits);
      out.push(top);
      pending -= top * 2 ** pendingBits;
    }
  }
  if (pendingBits > 0) {
    const padBits = 8 - pendingBits;
    out.push(pending * 2 ** padBits + 2 ** padBits - 1);
  }
  return Buffer.from(out);
}

const latin1 = (bytes: Iterable<number>) => Buffer.from([...bytes]).toString('latin1');
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_v, i) => from + i);

/** A small deterministic generator, so that "random" inputs are the same on every run. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

describe('HeaderDecoder: RFC 7541 appendix C', () => {
  it('C.2.1: decodes a literal with indexing and adds it to the dynamic table', () => {
    const decoder = new HeaderDecoder();
    const block = hex('400a 6375 7374 6f6d 2d6b 6579 0d63 7573 746f 6d2d 6865 6164 6572');
    expect(decoder.decode(block)).toEqual([['custom-key', 'custom-header']]);
    expect(dynamicTable(decoder)).toEqual([['custom-key', 'custom-header']]);
    expect(tableSize(dynamicTable(decoder))).toBe(55);
  });

  it('C.2.2: decodes a literal without indexing and leaves the dynamic table empty', () => {
    const decoder = new HeaderDecoder();
    expect(decoder.decode(hex('040c 2f73 616d 706c 652f 7061 7468'))).toEqual([
      [':path', '/sample/path'],
    ]);
    expect(dynamicTable(decoder)).toEqual([]);
  });

  it('C.2.3: decodes a never-indexed literal and leaves the dynamic table empty', () => {
    const decoder = new HeaderDecoder();
    expect(decoder.decode(hex('1008 7061 7373 776f 7264 0673 6563 7265 74'))).toEqual([
      ['password', 'secret'],
    ]);
    expect(dynamicTable(decoder)).toEqual([]);
  });

  it('C.2.4: decodes an indexed field from the static table', () => {
    const decoder = new HeaderDecoder();
    expect(decoder.decode(hex('82'))).toEqual([[':method', 'GET']]);
    expect(dynamicTable(decoder)).toEqual([]);
  });

  const firstRequest: HeaderField[] = [
    [':method', 'GET'],
    [':scheme', 'http'],
    [':path', '/'],
    [':authority', 'www.example.com'],
  ];
  const secondRequest: HeaderField[] = [...firstRequest, ['cache-control', 'no-cache']];
  const thirdRequest: HeaderField[] = [
    [':method', 'GET'],
    [':scheme', 'https'],
    [':path', '/index.html'],
    [':authority', 'www.example.com'],
    ['custom-key', 'custom-value'],
  ];
  const tablesAfterRequests: HeaderField[][] = [
    [[':authority', 'www.example.com']],
    [
      ['cache-control', 'no-cache'],
      [':authority', 'www.example.com'],
    ],
    [
      ['custom-key', 'custom-value'],
      ['cache-control', 'no-cache'],
      [':authority', 'www.example.com'],
    ],
  ];

  it.each([
    {
      section: 'C.3, without Huffman coding',
      blocks: [
        '8286 8441 0f77 7777 2e65 7861 6d70 6c65 2e63 6f6d',
        '8286 84be 5808 6e6f 2d63 6163 6865',
        '8287 85bf 400a 6375 7374 6f6d 2d6b 6579 0c63 7573 746f 6d2d 7661 6c75 65',
      ],
    },
    {
      section: 'C.4, with Huffman coding',
      blocks: [
        '8286 8441 8cf1 e3c2 e5f2 3a6b a0ab 90f4 ff',
        '8286 84be 5886 a8eb 1064 9cbf',
        '8287 85bf 4088 25a8 49e9 5ba9 7d7f 8925 a849 e95b b8e8 b4bf',
      ],
    },
  ])(
    '$section: decodes three requests with one dynamic table carried across them',
    ({ blocks }) => {
      const decoder = new HeaderDecoder();
      const requests = [firstRequest, secondRequest, thirdRequest];
      blocks.forEach((block, i) => {
        expect(decoder.decode(hex(block))).toEqual(requests[i]);
        expect(dynamicTable(decoder)).toEqual(tablesAfterRequests[i]);
      });
      expect(tablesAfterRequests.map(tableSize)).toEqual([57, 110, 164]);
    },
  );

  const date21 = 'Mon, 21 Oct 2013 20:13:21 GMT';
  const date22 = 'Mon, 21 Oct 2013 20:13:22 GMT';
  const location = 'https://www.example.com';
  const cookie = 'foo=ASDJKHQKBZXOQWEOPIUAXQWEOIU; max-age=3600; version=1';
  const responses: HeaderField[][] = [
    [
      [':status', '302'],
      ['cache-control', 'private'],
      ['date', date21],
      ['location', location],
    ],
    [
      [':status', '307'],
      ['cache-control', 'private'],
      ['date', date21],
      ['location', location],
    ],
    [
      [':status', '200'],
      ['cache-control', 'private'],
      ['date', date22],
      ['location', location],
      ['content-encoding', 'gzip'],
      ['set-cookie', cookie],
    ],
  ];
  const tablesAfterResponses: HeaderField[][] = [
    [
      ['location', location],
      ['date', date21],
      ['cache-control', 'private'],
      [':status', '302'],
    ],
    [
      [':status', '307'],
      ['location', location],
      ['date', date21],
      ['cache-control', 'private'],
    ],
    [
      ['set-cookie', cookie],
      ['content-encoding', 'gzip'],
      ['date', date22],
    ],
  ];

  it.each([
    {
      section: 'C.5, without Huffman coding',
      blocks: [
        '4803 3330 3258 0770 7269 7661 7465 611d 4d6f 6e2c 2032 3120 4f63 7420 3230 3133' +
          '2032 303a 3133 3a32 3120 474d 546e 1768 7474 7073 3a2f 2f77 7777 2e65 7861 6d70' +
          '6c65 2e63 6f6d',
        '4803 3330 37c1 c0bf',
        '88c1 611d 4d6f 6e2c 2032 3120 4f63 7420 3230 3133 2032 303a 3133 3a32 3220 474d' +
          '54c0 5a04 677a 6970 7738 666f 6f3d 4153 444a 4b48 514b 425a 584f 5157 454f 5049' +
          '5541 5851 5745 4f49 553b 206d 6178 2d61 6765 3d33 3630 303b 2076 6572 7369 6f6e' +
          '3d31',
      ],
    },
    {
      section: 'C.6, with Huffman coding',
      blocks: [
        '4882 6402 5885 aec3 771a 4b61 96d0 7abe 9410 54d4 44a8 2005 9504 0b81 66e0 82a6' +
          '2d1b ff6e 919d 29ad 1718 63c7 8f0b 97c8 e9ae 82ae 43d3',
        '4883 640e ffc1 c0bf',
        '88c1 6196 d07a be94 1054 d444 a820 0595 040b 8166 e084 a62d 1bff c05a 839b d9ab' +
          '77ad 94e7 821d d7f2 e6c7 b335 dfdf cd5b 3960 d5af 2708 7f36 72c1 ab27 0fb5 291f' +
          '9587 3160 65c0 03ed 4ee5 b106 3d50 07',
      ],
    },
  ])(
    '$section: decodes three responses in a 256-octet table, evicting as the RFC does',
    ({ blocks }) => {
      const decoder = new HeaderDecoder();
      blocks.forEach((block, i) => {
        // The RFC's examples assume a 256-octet table; ours starts at 4096, so the first block
        // opens with a size update to 256, as an encoder told of that limit would send.
        const bytes = i === 0 ? Buffer.concat([sizeUpdate(256), hex(block)]) : hex(block);
        expect(decoder.decode(bytes)).toEqual(responses[i]);
        expect(dynamicTable(decoder)).toEqual(tablesAfterResponses[i]);
      });
      expect(tablesAfterResponses.map(tableSize)).toEqual([222, 222, 215]);
    },
  );
});

describe('HeaderDecoder: the dynamic table', () => {
  it('accepts up to two size updates at the start of a block, and a size of 0 empties it', () => {
    const decoder = new HeaderDecoder();
    decoder.decode(Buffer.concat([withIndexing('a', '1'), withIndexing('b', '2')]));
    expect(dynamicTable(decoder)).toEqual([
      ['b', '2'],
      ['a', '1'],
    ]);
    // RFC 7541, 4.2: the smallest size since the last block, then the final one.
    expect(decoder.decode(Buffer.concat([sizeUpdate(0), sizeUpdate(4096), indexed(2)]))).toEqual([
      [':method', 'GET'],
    ]);
    expect(dynamicTable(decoder)).toEqual([]);
    decoder.decode(withIndexing('c', '3'));
    expect(dynamicTable(decoder)).toEqual([['c', '3']]);
  });

  it('adds nothing while the table size is 0', () => {
    const decoder = new HeaderDecoder();
    expect(decoder.decode(Buffer.concat([sizeUpdate(0), withIndexing('a', '1')]))).toEqual([
      ['a', '1'],
    ]);
    expect(dynamicTable(decoder)).toEqual([]);
  });

  it('evicts the oldest entries to make room, and an entry exactly the table size fits', () => {
    const decoder = new HeaderDecoder();
    decoder.decode(Buffer.concat([sizeUpdate(100), withIndexing('a', 'x'.repeat(10))]));
    decoder.decode(withIndexing('b', 'y'.repeat(20)));
    expect(dynamicTable(decoder)).toEqual([
      ['b', 'y'.repeat(20)],
      ['a', 'x'.repeat(10)],
    ]); // 53 + 43 = 96 octets
    decoder.decode(withIndexing('c', ''));
    expect(dynamicTable(decoder)).toEqual([
      ['c', ''],
      ['b', 'y'.repeat(20)],
    ]);
    decoder.decode(withIndexing('d', 'z'.repeat(67)));
    expect(dynamicTable(decoder)).toEqual([['d', 'z'.repeat(67)]]);
  });

  it('empties the table for an entry larger than it, and does not add the entry (4.4)', () => {
    const decoder = new HeaderDecoder();
    decoder.decode(
      Buffer.concat([sizeUpdate(256), withIndexing('a', '1'), withIndexing('b', '2')]),
    );
    expect(decoder.decode(withIndexing('big', 'v'.repeat(250)))).toEqual([
      ['big', 'v'.repeat(250)],
    ]);
    expect(dynamicTable(decoder)).toEqual([]);
  });

  it('takes a literal name from an entry that adding the literal evicts (4.4)', () => {
    const decoder = new HeaderDecoder();
    decoder.decode(Buffer.concat([sizeUpdate(256), withIndexing('x-name', 'v'.repeat(180))]));
    // Literal with indexing, name from index 62: the entry that must go to make room.
    const block = Buffer.concat([integer(62, 6, 0x40), literal('w'.repeat(30))]);
    expect(decoder.decode(block)).toEqual([['x-name', 'w'.repeat(30)]]);
    expect(dynamicTable(decoder)).toEqual([['x-name', 'w'.repeat(30)]]);
  });

  it('refuses a size update above 4096, our SETTINGS_HEADER_TABLE_SIZE', () => {
    expect(() => new HeaderDecoder().decode(sizeUpdate(4097))).toThrow(CompressionError);
    expect(new HeaderDecoder().decode(sizeUpdate(4096))).toEqual([]);
  });

  it('refuses a size update after the first header field', () => {
    const block = Buffer.concat([indexed(2), sizeUpdate(100)]);
    expect(() => new HeaderDecoder().decode(block)).toThrow(CompressionError);
  });
});

describe('HeaderDecoder: malformed blocks', () => {
  const decodes = (...bytes: (number | Buffer)[]) => {
    const block = Buffer.concat(bytes.map((b) => (typeof b === 'number' ? Buffer.of(b) : b)));
    return () => new HeaderDecoder().decode(block);
  };

  it('throws a CompressionError, a connection error of type COMPRESSION_ERROR', () => {
    let thrown: unknown;
    try {
      new HeaderDecoder().decode(Buffer.of(0x80));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(CompressionError);
    expect((thrown as CompressionError).code).toBe(ErrorCode.COMPRESSION_ERROR);
  });

  it('refuses an integer that runs past the end of the block', () => {
    expect(decodes(0xff)).toThrow(CompressionError); // index: prefix full, no continuation
    expect(decodes(0xff, 0x80)).toThrow(CompressionError); // continuation bit, then nothing
    expect(decodes(0x0f)).toThrow(CompressionError); // a literal's name index
    expect(decodes(0x00, 0x7f)).toThrow(CompressionError); // a string's length
    expect(decodes(0x00, 0x01, 0x61, 0xff, 0x81)).toThrow(CompressionError);
  });

  it('refuses an integer longer than any header block needs', () => {
    expect(decodes(0xff, 0x80, 0x80, 0x80, 0x80, 0x01)).toThrow(CompressionError);
    expect(decodes(0x00, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f)).toThrow(CompressionError);
  });

  it('refuses index 0, and an index past the static and dynamic tables', () => {
    expect(decodes(indexed(0))).toThrow(CompressionError);
    expect(new HeaderDecoder().decode(indexed(61))).toEqual([['www-authenticate', '']]);
    expect(decodes(indexed(62))).toThrow(CompressionError);
    expect(decodes(indexed(1_000_000))).toThrow(CompressionError);
    // A literal naming an index that does not exist, with and without indexing.
    expect(decodes(integer(62, 6, 0x40), literal('v'))).toThrow(CompressionError);
    expect(decodes(integer(70, 4, 0x00), literal('v'))).toThrow(CompressionError);
    expect(decodes(integer(70, 4, 0x10), literal('v'))).toThrow(CompressionError);
    const decoder = new HeaderDecoder();
    decoder.decode(withIndexing('one', 'entry'));
    expect(decoder.decode(indexed(62))).toEqual([['one', 'entry']]);
    expect(() => decoder.decode(indexed(63))).toThrow(CompressionError);
  });

  it('refuses a block that ends before or inside a string', () => {
    expect(decodes(0x40)).toThrow(CompressionError); // no name
    expect(decodes(0x40, literal('name'))).toThrow(CompressionError); // no value
    expect(decodes(0x00, 0x05, Buffer.from('ab'))).toThrow(CompressionError);
    expect(decodes(0x04, 0x85, huffman(Buffer.from('ab')))).toThrow(CompressionError);
  });

  it('refuses a Huffman-coded string with bad padding or EOS in it', () => {
    const field = (coded: Buffer) => decodes(0x04, integer(coded.length, 7, 0x80), coded);
    expect(field(huffman(Buffer.from('/path')))).not.toThrow();
    expect(field(Buffer.concat([huffman(Buffer.from('/path')), Buffer.of(0xff)]))).toThrow(
      CompressionError,
    );
    expect(field(huffman([0x2f, EOS, 0x2f]))).toThrow(CompressionError);
  });
});

describe('decodeHuffman', () => {
  it("matches the RFC's code table copied here, on appendix C's strings", () => {
    // Checks the table the tests below encode with, against the RFC's own Huffman strings.
    const coded: [string, string][] = [
      ['www.example.com', 'f1e3 c2e5 f23a 6ba0 ab90 f4ff'],
      ['no-cache', 'a8eb 1064 9cbf'],
      ['custom-key', '25a8 49e9 5ba9 7d7f'],
      ['custom-value', '25a8 49e9 5bb8 e8b4 bf'],
      ['302', '6402'],
      ['307', '640e ff'],
      ['private', 'aec3 771a 4b'],
      ['Mon, 21 Oct 2013 20:13:21 GMT', 'd07a be94 1054 d444 a820 0595 040b 8166 e082 a62d 1bff'],
      ['https://www.example.com', '9d29 ad17 1863 c78f 0b97 c8e9 ae82 ae43 d3'],
      ['gzip', '9bd9 ab'],
      [
        'foo=ASDJKHQKBZXOQWEOPIUAXQWEOIU; max-age=3600; version=1',
        '94e7 821d d7f2 e6c7 b335 dfdf cd5b 3960 d5af 2708 7f36 72c1 ab27 0fb5 291f 9587' +
          '3160 65c0 03ed 4ee5 b106 3d50 07',
      ],
    ];
    for (const [text, bytes] of coded) {
      expect(huffman(Buffer.from(text, 'latin1')).toString('hex')).toBe(hex(bytes).toString('hex'));
      expect(decodeHuffman(hex(bytes))).toBe(text);
    }
  });

  it('decodes every octet 0–255, alone and starting at each of the 8 bit offsets', () => {
    // '0' has a 5-bit code, so k of them before an octet start it at bit 5k mod 8.
    for (let octet = 0; octet <= 255; octet++) {
      for (let k = 0; k < 8; k++) {
        const symbols = [...Array<number>(k).fill(0x30), octet];
        expect(decodeHuffman(huffman(symbols))).toBe(latin1(symbols));
      }
    }
  });

  it('decodes all 256 octets in one string, forwards and backwards', () => {
    const all = range(0, 255);
    expect(decodeHuffman(huffman(all))).toBe(latin1(all));
    expect(decodeHuffman(huffman([...all].reverse()))).toBe(latin1([...all].reverse()));
  });

  it('decodes random strings of random octets, and the empty string', () => {
    const random = prng(7541);
    for (let i = 0; i < 500; i++) {
      const octets = Array.from({ length: Math.floor(random() * 64) }, () =>
        Math.floor(random() * 256),
      );
      expect(decodeHuffman(huffman(octets))).toBe(latin1(octets));
    }
    expect(decodeHuffman(Buffer.alloc(0))).toBe('');
  });

  it('refuses padding longer than 7 bits', () => {
    expect(() => decodeHuffman(Buffer.of(0xff))).toThrow(CompressionError);
    // '0' is 00000, padded with 111; one more octet of ones makes 11 bits of padding.
    expect(decodeHuffman(Buffer.of(0x07))).toBe('0');
    expect(() => decodeHuffman(Buffer.of(0x07, 0xff))).toThrow(CompressionError);
    // Eight 5-bit symbols fill 5 octets exactly; an octet of ones after them is 8 bits.
    const eight = huffman(Buffer.from('00000000'));
    expect(eight.length).toBe(5);
    expect(() => decodeHuffman(Buffer.concat([eight, Buffer.of(0xff)]))).toThrow(CompressionError);
  });

  it('refuses padding that is not the most significant bits of EOS (all ones)', () => {
    expect(() => decodeHuffman(Buffer.of(0x06))).toThrow(CompressionError); // '0', then 110
    expect(() => decodeHuffman(Buffer.of(0x00))).toThrow(CompressionError); // '0', then 000
    expect(() => decodeHuffman(Buffer.of(0x1d))).toThrow(CompressionError); // 'a', then 101
  });

  it('refuses EOS inside the string', () => {
    expect(() => decodeHuffman(Buffer.of(0xff, 0xff, 0xff, 0xff))).toThrow(CompressionError);
    expect(() => decodeHuffman(huffman([0x61, EOS]))).toThrow(CompressionError);
    expect(() => decodeHuffman(huffman([0x61, EOS, 0x62]))).toThrow(CompressionError);
  });
});

describe('encodeHeaderBlock', () => {
  const roundTrip = (fields: HeaderField[]) => {
    const decoder = new HeaderDecoder();
    expect(decoder.decode(encodeHeaderBlock(fields))).toEqual(fields);
    // Our blocks never ask the peer to index anything.
    expect(dynamicTable(decoder)).toEqual([]);
  };

  it('encodes a full static-table match as one indexed octet', () => {
    expect(encodeHeaderBlock([[':status', '200']])).toEqual(Buffer.of(0x88));
    expect(encodeHeaderBlock([[':status', '500']])).toEqual(Buffer.of(0x8e));
    roundTrip([
      [':status', '200'],
      ['accept-encoding', 'gzip, deflate'],
    ]);
  });

  it("encodes a static name's field as a literal without indexing, by the name's index", () => {
    expect(encodeHeaderBlock([[':status', '418']])).toEqual(
      Buffer.concat([Buffer.of(0x08), literal('418')]),
    );
    // content-type is static index 31: past the 4-bit prefix, so 15 then 16.
    expect(encodeHeaderBlock([['content-type', 'application/grpc']])).toEqual(
      Buffer.concat([Buffer.of(0x0f, 0x10), literal('application/grpc')]),
    );
    roundTrip([
      [':status', '418'],
      ['content-type', 'application/grpc+proto'],
      ['www-authenticate', 'Bearer'],
    ]);
  });

  it('encodes a new name as a literal without indexing', () => {
    expect(encodeHeaderBlock([['grpc-status', '0']])).toEqual(
      Buffer.concat([Buffer.of(0x00), literal('grpc-status'), literal('0')]),
    );
    roundTrip([
      [':status', '200'],
      ['content-type', 'application/grpc+proto'],
      ['grpc-accept-encoding', 'identity'],
      ['grpc-status', '13'],
      ['grpc-message', 'na%C3%AFve: 100%25'],
      ['x-empty', ''],
    ]);
  });

  it('encodes lengths of 127 and more with continuation octets', () => {
    const valueOf = (length: number) => encodeHeaderBlock([['x', 'v'.repeat(length)]]);
    expect(valueOf(126).subarray(3, 4)).toEqual(Buffer.of(0x7e));
    expect(valueOf(127).subarray(3, 5)).toEqual(Buffer.of(0x7f, 0x00));
    expect(valueOf(128).subarray(3, 5)).toEqual(Buffer.of(0x7f, 0x01));
    expect(valueOf(300).subarray(3, 6)).toEqual(Buffer.of(0x7f, 0xad, 0x01));
    for (const length of [126, 127, 128, 255, 300, 16_511, 16_512, 70_000]) {
      roundTrip([
        [':status', '200'],
        ['x-long', 'v'.repeat(length)],
        ['n'.repeat(length), 'name as long'],
      ]);
    }
  });

  it('carries latin1 octets as they are', () => {
    roundTrip([['x-latin1', latin1(range(0x80, 0xff))]]);
    roundTrip([['x-printable', latin1(range(0x20, 0x7e))]]);
  });
});

/**
 * A real HPACK encoder: node:http2's client (nghttp2) Huffman-codes strings when that is
 * shorter, indexes what it sees repeated, and evicts from a 4096-octet table. Each request
 * goes to an Http2ServerConnection, which must decode exactly what was sent.
 */
describe('HeaderDecoder against nghttp2', () => {
  const received: RequestHeaders[] = [];
  const unexpected: unknown[] = [];
  /** Sizes of the request header blocks as they arrived: HEADERS payload plus CONTINUATIONs. */
  const blockLengths: number[] = [];
  let continuations = 0;
  const sockets: Socket[] = [];
  let server: Server;
  let session: ClientHttp2Session;
  let authority: string;

  /** Reads the frames a client sends, alongside the connection. */
  function tap(socket: Socket) {
    let bytes = Buffer.alloc(0);
    let prefaceLeft = 24;
    socket.on('data', (chunk: Buffer) => {
      bytes = Buffer.concat([bytes, chunk]);
      if (prefaceLeft > 0) {
        const skip = Math.min(prefaceLeft, bytes.length);
        prefaceLeft -= skip;
        bytes = bytes.subarray(skip);
      }
      while (bytes.length >= FRAME_HEADER_BYTES) {
        const length = bytes.readUIntBE(0, 3);
        if (bytes.length < FRAME_HEADER_BYTES + length) break;
        if (bytes[3] === FrameType.HEADERS) blockLengths.push(length);
        if (bytes[3] === FrameType.CONTINUATION) {
          blockLengths[blockLengths.length - 1]! += length;
          continuations++;
        }
        bytes = bytes.subarray(FRAME_HEADER_BYTES + length);
      }
    });
  }

  beforeAll(async () => {
    server = createServer((socket) => {
      sockets.push(socket);
      tap(socket);
      new Http2ServerConnection(socket, {
        stream: (stream) => {
          received.push(stream.headers);
          stream.respond(encodeHeaderBlock([[':status', '200']]), true);
        },
        unexpected: (error) => unexpected.push(error),
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    authority = `127.0.0.1:${(server.address() as AddressInfo).port}`;
    session = connect(`http://${authority}`);
    session.on('error', () => {});
  });
  afterAll(async () => {
    session?.destroy();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });
  afterEach(() => expect(unexpected.splice(0)).toEqual([]));

  /** Sends a GET with these headers and resolves with what the server decoded. */
  async function send(headers: OutgoingHttpHeaders): Promise<RequestHeaders> {
    const before = received.length;
    const stream = session.request({ ':path': '/hpack', ...headers });
    stream.on('error', () => {});
    const status = await new Promise<unknown>((resolve, reject) => {
      stream.on('response', (h) => resolve(h[':status']));
      stream.on('close', () => reject(new Error(`stream closed, code ${stream.rstCode}`)));
    });
    expect(status).toBe(200);
    expect(received.length).toBe(before + 1);
    return received[before]!;
  }

  /** The pseudo-header fields node:http2 adds to a GET. */
  const pseudo = () => ({
    ':method': 'GET',
    ':scheme': 'http',
    ':authority': authority,
    ':path': '/hpack',
  });

  it('decodes every printable ASCII and latin1 octet, Huffman-coded or not', async () => {
    const octets = [0x09, ...range(0x20, 0x7e), ...range(0x80, 0xff)];
    // Among short-coded letters each octet is Huffman-coded (nghttp2 codes a string when
    // that makes it shorter); a run of long-coded octets goes as it is.
    const eachOctet = octets.map((octet): [string, string] => [
      `x-octet-${octet.toString(16)}`,
      `eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee${latin1([octet])}eeee`,
    ]);
    const raw = {
      'x-printable': `<${latin1(range(0x20, 0x7e))}>`,
      'x-latin1': `<${latin1(range(0x80, 0xff))}>`,
      'x-tab': 'a\tb',
    };
    const firstBlock = blockLengths.length;
    for (let i = 0; i < eachOctet.length; i += 60) {
      const headers = Object.fromEntries(eachOctet.slice(i, i + 60));
      expect(await send(headers)).toEqual({ ...pseudo(), ...headers });
    }
    expect(await send(raw)).toEqual({ ...pseudo(), ...raw });
    // Huffman coding was used: the blocks are well under the octets they carry.
    const carried = eachOctet.reduce((sum, [name, value]) => sum + name.length + value.length, 0);
    const sent = blockLengths.slice(firstBlock, firstBlock + 4).reduce((a, b) => a + b, 0);
    expect(sent).toBeLessThan(carried * 0.8);
  });

  it('keeps its dynamic table in step over 50 requests that repeat their headers', async () => {
    const repeated = {
      'content-type': 'application/grpc',
      'user-agent': 'grpc-node-js/1.14.7',
      te: 'trailers',
      'grpc-accept-encoding': 'identity,deflate,gzip',
      'x-tenant-id': 'tenant-00000000-0000-0000-0000-000000000001',
      'x-worker-id': 'worker-f1e3c2e5f23a6ba0ab90f4ff',
    };
    const firstBlock = blockLengths.length;
    for (let i = 0; i < 50; i++) {
      const headers = { ...repeated, 'x-sequence': String(i), 'grpc-timeout': `${i + 1}S` };
      expect(await send(headers)).toEqual({ ...pseudo(), ...headers });
    }
    // Indexed references were used: after the first, a request's block is about an octet a
    // field, not the fields' length. (Once the growing sequence numbers have pushed the
    // repeated fields out of the table, one block carries them again as literals.)
    const lengths = blockLengths.slice(firstBlock);
    expect(lengths).toHaveLength(50);
    expect(lengths[0]).toBeGreaterThan(150);
    expect(lengths.slice(1).filter((length) => length < 40).length).toBeGreaterThanOrEqual(45);
  });

  it('evicts as nghttp2 does when values of several KiB overflow the 4096-octet table', async () => {
    const random = prng(4096);
    const text = (length: number) =>
      Array.from({ length }, () => String.fromCharCode(0x21 + Math.floor(random() * 94))).join('');
    const big = [300, 700, 1000, 1500, 2000, 2600, 3000, 5000, 9000].map(text);
    const small = [text(40), text(50), text(60)];
    const firstBlock = blockLengths.length;
    for (let i = 0; i < 40; i++) {
      // Each big value twice running, so the second can be an indexed reference to an entry
      // of KiBs; small ones every third request, after big ones may have evicted them. The
      // longest values are never indexed, and their lengths take 2-3 octets.
      const headers = {
        'x-big': big[Math.floor(i / 2) % big.length]!,
        [`x-small-${i % 3}`]: small[i % 3]!,
        'x-request': `request ${i}`,
      };
      expect(await send(headers)).toEqual({ ...pseudo(), ...headers });
    }
    // The second of each pair of values up to 3000 octets went as an index (nghttp2 indexes
    // an entry up to 3/4 of the table), and the table was cycled through many times.
    const lengths = blockLengths.slice(firstBlock);
    const repeats = lengths.filter((length, i) => i % 2 === 1 && length < 100);
    expect(repeats.length).toBeGreaterThanOrEqual(10);
    expect(lengths.filter((length) => length > 4096).length).toBeGreaterThanOrEqual(4);
  });

  it('decodes a header block that nghttp2 splits across CONTINUATION frames', async () => {
    const continuationsBefore = continuations;
    const headers = { 'x-huge': 'h'.repeat(20_000) + latin1(range(0x21, 0x7e)).repeat(100) };
    expect(await send(headers)).toEqual({ ...pseudo(), ...headers });
    expect(continuations).toBeGreaterThan(continuationsBefore);
  });

  it('decodes never-indexed fields (authorization, sensitive headers) and what follows them', async () => {
    for (let i = 0; i < 5; i++) {
      const headers = {
        authorization: `Bearer token-${i}-${'t'.repeat(40)}`,
        'x-secret': `secret ${i}`,
        'x-public': 'public value',
      };
      expect(await send({ ...headers, [sensitiveHeaders]: ['x-secret'] })).toEqual({
        ...pseudo(),
        ...headers,
      });
    }
  });

  it('joins a repeated field with ", "', async () => {
    expect(await send({ 'x-list': ['one', 'two', 'three'] })).toEqual({
      ...pseudo(),
      'x-list': 'one, two, three',
    });
  });
});
