/**
 * gRPC's length-prefixed messages: each is a 1-byte compressed flag, a 4-byte big-endian
 * length and that many bytes. HTTP/2 DATA chunks cut them anywhere, so the decoder carries a
 * partial header or body over from one chunk to the next, and one chunk may hold several.
 */
import { gunzipSync, inflateSync } from 'node:zlib';
import { GrpcError, Status } from './status';

const HEADER_BYTES = 5;

export type OnMessage = (payload: Buffer, compressed: boolean) => void;

export class MessageDecoder {
  /** A header cut by a chunk boundary, gathered here (allocated on first need). */
  private header: Buffer | null = null;
  private headerBytes = 0;
  /** The body being filled, allocated once its length is known (null between messages). */
  private body: Buffer | null = null;
  private bodyBytes = 0;
  private bodyCompressed = false;

  constructor(
    private readonly maxMessageBytes: number,
    private readonly onMessage: OnMessage,
  ) {}

  /** True while a message has begun but not ended: at end of stream, a truncated request. */
  get midMessage(): boolean {
    return this.headerBytes > 0 || this.body !== null;
  }

  /**
   * Feeds one chunk; calls onMessage for each message it completes. Throws a GrpcError for a
   * message announced larger than the limit (before buffering any of it) or a bad flag.
   */
  push(chunk: Buffer): void {
    let offset = 0;
    while (offset < chunk.length) {
      if (this.body !== null) {
        const take = Math.min(this.body.length - this.bodyBytes, chunk.length - offset);
        chunk.copy(this.body, this.bodyBytes, offset, offset + take);
        this.bodyBytes += take;
        offset += take;
        if (this.bodyBytes === this.body.length) {
          const body = this.body;
          this.body = null;
          this.onMessage(body, this.bodyCompressed);
        }
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
          this.startBody(compressed, length);
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
          if (length === 0) this.onMessage(Buffer.alloc(0), compressed);
          else this.startBody(compressed, length);
        }
      }
    }
  }

  private startBody(compressed: boolean, length: number): void {
    this.body = Buffer.allocUnsafe(length);
    this.bodyBytes = 0;
    this.bodyCompressed = compressed;
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
