/**
 * gRPC's length-prefixed messages: each is a 1-byte compressed flag, a 4-byte big-endian
 * length and that many bytes. HTTP/2 DATA chunks cut them anywhere, so the decoder carries a
 * partial header or body over from one chunk to the next, and one chunk may hold several.
 *
 * A body cut by a chunk boundary is copied into a buffer of the decoder's own that grows with
 * the bytes that have arrived, never to the announced length up front: a 5-byte prefix
 * announcing 4 MiB costs nothing until the bytes come. (It is copied rather than kept as
 * views because node:http2's chunks are views into the socket's read buffer, up to 64 KiB:
 * keeping a 1-byte view would keep all of it.) What it holds is taken from a budget, the
 * connection's, so that many partial messages cannot add up past it.
 */
import { gunzipSync, inflateSync } from 'node:zlib';
import { GrpcError, Status } from './status';

const HEADER_BYTES = 5;
/** The first buffer for a body that spans chunks: a DATA frame's default size. */
const FIRST_BODY_BUFFER_BYTES = 16 * 1024;

export type OnMessage = (payload: Buffer, compressed: boolean) => void;

/** Bytes that partial messages may hold, shared by the calls of one connection. */
export interface ByteBudget {
  /** Takes `bytes` if the budget has them; false (taking nothing) if not. */
  take(bytes: number): boolean;
  give(bytes: number): void;
}

export class MessageDecoder {
  /** A header cut by a chunk boundary, gathered here (allocated on first need). */
  private header: Buffer | null = null;
  private headerBytes = 0;
  /** The length of the body being received; -1 between messages. */
  private bodyLength = -1;
  private bodyCompressed = false;
  /** The part of the body received so far, in a buffer that grows as it arrives. */
  private body: Buffer | null = null;
  private bodyBytes = 0;

  constructor(
    private readonly maxMessageBytes: number,
    private readonly budget: ByteBudget,
    private readonly onMessage: OnMessage,
  ) {}

  /** True while a message has begun but not ended: at end of stream, a truncated request. */
  get midMessage(): boolean {
    return this.headerBytes > 0 || this.bodyLength >= 0;
  }

  /**
   * Feeds one chunk; calls onMessage for each message it completes. Throws a GrpcError for a
   * message announced larger than the limit (before buffering any of it), a bad flag, or a
   * body the budget has no room for.
   */
  push(chunk: Buffer): void {
    let offset = 0;
    while (offset < chunk.length) {
      if (this.bodyLength >= 0) {
        offset = this.fillBody(chunk, offset);
      } else if (this.headerBytes === 0 && chunk.length - offset >= HEADER_BYTES) {
        // The common case: the header is whole in this chunk, and often the body too, which
        // is then passed on as a view of the chunk, without a copy.
        const compressed = readFlag(chunk[offset]!);
        const length = this.checkLength(chunk.readUInt32BE(offset + 1));
        offset += HEADER_BYTES;
        if (chunk.length - offset >= length) {
          this.onMessage(chunk.subarray(offset, offset + length), compressed);
          offset += length;
        } else {
          this.bodyLength = length;
          this.bodyCompressed = compressed;
        }
      } else {
        const header = (this.header ??= Buffer.allocUnsafe(HEADER_BYTES));
        const take = Math.min(HEADER_BYTES - this.headerBytes, chunk.length - offset);
        chunk.copy(header, this.headerBytes, offset, offset + take);
        this.headerBytes += take;
        offset += take;
        if (this.headerBytes === HEADER_BYTES) {
          this.headerBytes = 0;
          const compressed = readFlag(header[0]!);
          const length = this.checkLength(header.readUInt32BE(1));
          if (length === 0) {
            this.onMessage(Buffer.alloc(0), compressed);
          } else {
            this.bodyLength = length;
            this.bodyCompressed = compressed;
          }
        }
      }
    }
  }

  /** Gives back what a partial message holds: the call is over. */
  dispose(): void {
    this.dropBody();
    this.bodyLength = -1;
  }

  /** Copies what `chunk` has of the body from `offset`; returns the offset after it. */
  private fillBody(chunk: Buffer, offset: number): number {
    const take = Math.min(this.bodyLength - this.bodyBytes, chunk.length - offset);
    const needed = this.bodyBytes + take;
    if (this.body === null || needed > this.body.length) this.grow(needed);
    chunk.copy(this.body!, this.bodyBytes, offset, offset + take);
    this.bodyBytes = needed;
    if (needed === this.bodyLength) {
      const body = this.body!.subarray(0, needed);
      this.dropBody();
      this.bodyLength = -1;
      this.onMessage(body, this.bodyCompressed);
    }
    return offset + take;
  }

  /** Replaces the body buffer with one of at least `needed` bytes, doubling as it goes. */
  private grow(needed: number): void {
    const held = this.body?.length ?? 0;
    const size = Math.min(this.bodyLength, Math.max(needed, held * 2, FIRST_BODY_BUFFER_BYTES));
    if (!this.budget.take(size - held)) {
      throw new GrpcError(
        Status.RESOURCE_EXHAUSTED,
        'Too many request bytes are buffered on this connection',
      );
    }
    const body = Buffer.allocUnsafe(size);
    this.body?.copy(body, 0, 0, this.bodyBytes);
    this.body = body;
  }

  private dropBody(): void {
    if (this.body !== null) this.budget.give(this.body.length);
    this.body = null;
    this.bodyBytes = 0;
  }

  private checkLength(length: number): number {
    if (length > this.maxMessageBytes) {
      throw new GrpcError(
        Status.RESOURCE_EXHAUSTED,
        `Received message larger than max (${length} vs ${this.maxMessageBytes})`,
      );
    }
    return length;
  }
}

function readFlag(flag: number): boolean {
  if (flag > 1) throw new GrpcError(Status.INTERNAL, `Invalid message compression flag ${flag}`);
  return flag === 1;
}

/** One message framed for the wire; responses are never compressed. */
export function frameMessage(payload: Buffer): Buffer {
  const frame = Buffer.allocUnsafe(HEADER_BYTES + payload.length);
  frame[0] = 0;
  frame.writeUInt32BE(payload.length, 1);
  payload.copy(frame, HEADER_BYTES);
  return frame;
}

/**
 * Inflates a message sent with the compressed flag, per the call's `grpc-encoding`.
 * Synchronous on purpose: the SDK compresses only its first few calls on a channel (it stops
 * once a response says we accept identity only), those messages are small, and a zlib stream
 * per message costs far more CPU than inflating in place. The output is capped at the
 * message limit, so a small compressed message cannot inflate beyond it.
 */
export function decompress(
  payload: Buffer,
  encoding: string | undefined,
  maxMessageBytes: number,
): Buffer {
  const inflate =
    encoding === 'gzip' ? gunzipSync : encoding === 'deflate' ? inflateSync : undefined;
  if (inflate === undefined) {
    if (encoding === undefined || encoding === 'identity') {
      throw new GrpcError(
        Status.INTERNAL,
        'Received a compressed message on a call without grpc-encoding',
      );
    }
    throw new GrpcError(
      Status.UNIMPLEMENTED,
      `Received message compressed with unsupported encoding "${encoding}"`,
    );
  }
  try {
    return inflate(payload, { maxOutputLength: maxMessageBytes });
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE') {
      throw new GrpcError(
        Status.RESOURCE_EXHAUSTED,
        `Received message that decompresses to a size larger than ${maxMessageBytes}`,
      );
    }
    throw new GrpcError(Status.INTERNAL, 'Failed to decompress message');
  }
}
