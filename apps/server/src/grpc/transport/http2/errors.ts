/** HTTP/2 error codes (RFC 9113, section 7) and the two kinds of failure they end. */

export const ErrorCode = {
  NO_ERROR: 0x0,
  PROTOCOL_ERROR: 0x1,
  INTERNAL_ERROR: 0x2,
  FLOW_CONTROL_ERROR: 0x3,
  STREAM_CLOSED: 0x5,
  FRAME_SIZE_ERROR: 0x6,
  REFUSED_STREAM: 0x7,
  CANCEL: 0x8,
  COMPRESSION_ERROR: 0x9,
  ENHANCE_YOUR_CALM: 0xb,
} as const;

/** Ends the whole connection: GOAWAY with `code`, then the socket closes. */
export class ConnectionError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** A header block that does not decode; the decoder's state is lost, so the connection is. */
export class CompressionError extends ConnectionError {
  constructor(message: string) {
    super(ErrorCode.COMPRESSION_ERROR, message);
  }
}

/** Ends one stream with RST_STREAM; the connection goes on. */
export class StreamError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}
