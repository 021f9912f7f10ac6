/**
 * Decoding of HPACK's Huffman-coded strings (RFC 7541, section 5.2 and appendix B).
 *
 * The code is canonical: codes of one length are consecutive and ordered by symbol, and each
 * length's first code follows from the shorter ones. So the code lengths alone define it, and
 * decoding needs, per length, the first code and where its symbols begin in symbol order.
 */
import { CompressionError } from './errors';

/** Code length in bits of each symbol 0–255 and of EOS (256), from RFC 7541 appendix B. */
// prettier-ignore
const CODE_LENGTHS = [
  13, 23, 28, 28, 28, 28, 28, 28, 28, 24, 30, 28, 28, 30, 28, 28, 28, 28, 28, 28, 28, 28, 30, 28,
  28, 28, 28, 28, 28, 28, 28, 28, 6, 10, 10, 12, 13, 6, 8, 11, 10, 10, 8, 11, 8, 6, 6, 6, 5, 5,
  5, 6, 6, 6, 6, 6, 6, 6, 7, 8, 15, 6, 12, 10, 13, 6, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7,
  7, 7, 7, 7, 7, 7, 7, 7, 8, 7, 8, 13, 19, 13, 14, 6, 15, 5, 6, 5, 6, 5, 6, 6, 6, 5, 7, 7, 6, 6,
  6, 5, 6, 7, 6, 5, 5, 6, 7, 7, 7, 7, 7, 15, 11, 14, 13, 28, 20, 22, 20, 20, 22, 22, 22, 23, 22,
  23, 23, 23, 23, 23, 24, 23, 24, 24, 22, 23, 24, 23, 23, 23, 23, 21, 22, 23, 22, 23, 23, 24, 22,
  21, 20, 22, 22, 23, 23, 21, 23, 22, 22, 24, 21, 22, 23, 23, 21, 21, 22, 21, 23, 22, 23, 23, 20,
  22, 22, 22, 23, 22, 22, 23, 26, 26, 20, 19, 22, 23, 22, 25, 26, 26, 26, 27, 27, 26, 24, 25, 19,
  21, 26, 27, 27, 26, 27, 24, 21, 21, 26, 26, 28, 27, 27, 27, 20, 24, 20, 21, 22, 21, 21, 23, 22,
  22, 25, 25, 24, 24, 26, 23, 26, 27, 26, 26, 27, 27, 27, 27, 27, 28, 27, 27, 27, 27, 27, 26, 30,
];

const EOS = 256;
const MAX_LENGTH = 30;

/** Symbols in code order: by length, then by symbol. */
const symbolsInCodeOrder = CODE_LENGTHS.map((_length, symbol) => symbol).sort(
  (a, b) => CODE_LENGTHS[a]! - CODE_LENGTHS[b]! || a - b,
);
/** Per length: how many codes have it, its first code, and its first index in code order. */
const countOfLength = new Array<number>(MAX_LENGTH + 1).fill(0);
const firstCodeOfLength = new Array<number>(MAX_LENGTH + 1).fill(0);
const firstIndexOfLength = new Array<number>(MAX_LENGTH + 1).fill(0);
for (const length of CODE_LENGTHS) countOfLength[length]!++;
for (let length = 1, code = 0, index = 0; length <= MAX_LENGTH; length++) {
  firstCodeOfLength[length] = code;
  firstIndexOfLength[length] = index;
  code = (code + countOfLength[length]!) * 2;
  index += countOfLength[length]!;
}

/**
 * Decodes a Huffman-coded string to its octets (as a latin1 string, one character an octet).
 * Throws a CompressionError for EOS in the data or padding that is not a prefix of EOS
 * (all ones, at most 7 bits), as the RFC requires.
 */
export function decodeHuffman(bytes: Buffer): string {
  const out = Buffer.allocUnsafe(Math.ceil((bytes.length * 8) / 5));
  let written = 0;
  let code = 0;
  let length = 0;
  for (const byte of bytes) {
    for (let bit = 7; bit >= 0; bit--) {
      code = code * 2 + ((byte >> bit) & 1);
      length++;
      const offset = code - firstCodeOfLength[length]!;
      if (offset < countOfLength[length]!) {
        const symbol = symbolsInCodeOrder[firstIndexOfLength[length]! + offset]!;
        if (symbol === EOS) throw new CompressionError('EOS in a Huffman-coded string');
        out[written++] = symbol;
        code = 0;
        length = 0;
      } else if (length === MAX_LENGTH) {
        throw new CompressionError('invalid Huffman code');
      }
    }
  }
  if (length > 7 || code !== 2 ** length - 1) {
    throw new CompressionError('Huffman-coded string padded with other than a prefix of EOS');
  }
  return out.toString('latin1', 0, written);
}
