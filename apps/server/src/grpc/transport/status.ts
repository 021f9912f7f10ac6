/**
 * gRPC statuses: the codes this server sends, the error that carries one, and the
 * percent-encoding of `grpc-message` that the gRPC HTTP/2 protocol prescribes.
 */

/** The gRPC status codes we send (numbering from the gRPC spec). */
export const Status = {
  OK: 0,
  CANCELLED: 1,
  UNKNOWN: 2,
  INVALID_ARGUMENT: 3,
  NOT_FOUND: 5,
  ALREADY_EXISTS: 6,
  RESOURCE_EXHAUSTED: 8,
  FAILED_PRECONDITION: 9,
  UNIMPLEMENTED: 12,
  INTERNAL: 13,
  UNAVAILABLE: 14,
  UNAUTHENTICATED: 16,
} as const;

export type StatusCode = (typeof Status)[keyof typeof Status];

/**
 * A call's failure as the client will see it: a status code and its message, and optionally
 * the encoded `google.rpc.Status` with typed details (`grpc-status-details-bin`).
 */
export class GrpcError extends Error {
  constructor(
    readonly code: StatusCode,
    message: string,
    readonly details?: Buffer,
  ) {
    super(message);
    this.name = 'GrpcError';
  }
}

/** Printable ASCII other than '%': sent as is. */
const NEEDS_NO_ENCODING = /^[\x20-\x24\x26-\x7e]*$/;

/**
 * The longest `grpc-message` sent, encoded. Messages may quote what the client sent (an id, a
 * name), which can run to megabytes; a trailer that large breaks the call for the client
 * (grpc-js refuses metadata over 8 KiB, nghttp2 clients their header list limit), so the
 * client would never learn why it was refused. Longer messages are cut at a character.
 */
export const MAX_GRPC_MESSAGE_BYTES = 4096;
const CUT_MARK = '...';

/**
 * `grpc-message` is percent-encoded: printable ASCII except '%' stays as is, every other
 * byte of the UTF-8 text becomes %XX. (grpc-js decodes it with decodeURI, which reverses
 * exactly this, since none of the characters decodeURI leaves alone is ever escaped.)
 */
export function encodeGrpcMessage(text: string): string {
  if (NEEDS_NO_ENCODING.test(text) && text.length <= MAX_GRPC_MESSAGE_BYTES) return text;
  let encoded = '';
  for (const char of text) {
    let piece = '';
    for (const byte of Buffer.from(char, 'utf8')) {
      piece +=
        byte >= 0x20 && byte <= 0x7e && byte !== 0x25
          ? String.fromCharCode(byte)
          : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    }
    if (encoded.length + piece.length > MAX_GRPC_MESSAGE_BYTES - CUT_MARK.length) {
      return encoded + CUT_MARK;
    }
    encoded += piece;
  }
  return encoded;
}
