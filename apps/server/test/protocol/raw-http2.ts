/**
 * A raw HTTP/2 client for attack tests: frames written byte by byte on a plain socket, so a
 * test can send what no well-behaved client library would (resets right after requests,
 * CONTINUATION without end, streams past the limit), and the frames the server answers with,
 * read back. Header blocks use HPACK literals without indexing and without Huffman coding,
 * which every decoder must accept (RFC 7541, 6.2.2).
 */
import { connect, type Socket } from 'node:net';

export const FrameType = {
  DATA: 0,
  HEADERS: 1,
  RST_STREAM: 3,
  SETTINGS: 4,
  PING: 6,
  GOAWAY: 7,
  CONTINUATION: 9,
} as const;

export const Flag = { END_STREAM: 0x1, ACK: 0x1, END_HEADERS: 0x4 } as const;

export const ErrorCode = {
  NO_ERROR: 0,
  PROTOCOL_ERROR: 1,
  INTERNAL_ERROR: 2,
  CANCEL: 8,
  ENHANCE_YOUR_CALM: 11,
} as const;

const PREFACE = Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n', 'latin1');

export interface Frame {
  type: number;
  flags: number;
  streamId: number;
  payload: Buffer;
}

export function frame(
  type: number,
  flags: number,
  streamId: number,
  payload: Uint8Array = Buffer.alloc(0),
): Buffer {
  const header = Buffer.alloc(9);
  header.writeUIntBE(payload.length, 0, 3);
  header[3] = type;
  header[4] = flags;
  header.writeUInt32BE(streamId, 5);
  return Buffer.concat([header, payload]);
}

/** An HPACK integer with an n-bit prefix (RFC 7541, 5.1). */
function hpackInteger(value: number, prefixBits: number): Buffer {
  const max = (1 << prefixBits) - 1;
  if (value < max) return Buffer.from([value]);
  const bytes = [max];
  let rest = value - max;
  while (rest >= 128) {
    bytes.push((rest & 127) | 128);
    rest >>= 7;
  }
  bytes.push(rest);
  return Buffer.from(bytes);
}

/** A header block of literal fields, neither indexed nor Huffman-coded. */
export function headerBlock(fields: [string, string][]): Buffer {
  return Buffer.concat(
    fields.flatMap(([name, value]) => [
      Buffer.from([0]),
      hpackInteger(name.length, 7),
      Buffer.from(name, 'latin1'),
      hpackInteger(Buffer.byteLength(value), 7),
      Buffer.from(value),
    ]),
  );
}

/** The header block of a gRPC call to `path`. */
export function requestBlock(path: string, extra: [string, string][] = []): Buffer {
  return headerBlock([
    [':method', 'POST'],
    [':scheme', 'http'],
    [':path', path],
    [':authority', 'localhost'],
    ['content-type', 'application/grpc'],
    ['te', 'trailers'],
    ...extra,
  ]);
}

export const rstStream = (streamId: number, code: number = ErrorCode.CANCEL) => {
  const payload = Buffer.alloc(4);
  payload.writeUInt32BE(code);
  return frame(FrameType.RST_STREAM, 0, streamId, payload);
};

export const ping = (data: number) => {
  const payload = Buffer.alloc(8);
  payload.writeUInt32BE(data);
  return frame(FrameType.PING, 0, 0, payload);
};

/** `make(0)` to `make(count - 1)`, made as they are taken. */
export function* times(count: number, make: (i: number) => Buffer): Iterable<Buffer> {
  for (let i = 0; i < count; i++) yield make(i);
}

/** A gRPC message frame as DATA's payload: flag, length, body. */
export function grpcMessage(body: Uint8Array, announcedLength = body.length): Buffer {
  const prefix = Buffer.alloc(5);
  prefix.writeUInt32BE(announcedLength, 1);
  return Buffer.concat([prefix, body]);
}

export class RawClient {
  readonly frames: Frame[] = [];
  closed = false;
  /** Whether to speak HTTP/2 at all: a silent client does not even acknowledge SETTINGS. */
  private prefaceSent = false;
  private readonly socket: Socket;
  private unread = Buffer.alloc(0);
  private readonly waiters = new Set<() => void>();

  private constructor(port: number) {
    this.socket = connect(port, '127.0.0.1');
    this.socket.on('error', () => {});
    this.socket.on('data', (chunk: Buffer) => this.receive(chunk));
    this.socket.on('close', () => {
      this.closed = true;
      this.wake();
    });
  }

  /**
   * Connects; with `preface`, sends the client preface and an empty SETTINGS, and waits for
   * the server's SETTINGS (acknowledged at once, so that they apply to what is sent next).
   */
  static async open(port: number, { preface = true } = {}): Promise<RawClient> {
    const client = new RawClient(port);
    await new Promise<void>((resolve) => client.socket.once('connect', resolve));
    if (preface) {
      client.prefaceSent = true;
      client.send(PREFACE, frame(FrameType.SETTINGS, 0, 0));
      await client.until(
        () => client.closed || client.frames.some((f) => f.type === FrameType.SETTINGS),
      );
    }
    return client;
  }

  /** Writes `chunks` as one; false if the socket's buffer is full (or the socket closed). */
  send(...chunks: Buffer[]): boolean {
    return !this.closed && this.socket.write(Buffer.concat(chunks));
  }

  /**
   * Sends `chunks`, made as they go, `batch` to a write and each write in its own turn of the
   * event loop; waits while the socket's buffer is full, so that the attack's own memory
   * stays small. Stops when the server closes the connection.
   */
  async sendAll(chunks: Iterable<Buffer>, batch: number): Promise<void> {
    let pending: Buffer[] = [];
    const flush = async () => {
      const full = !this.send(...pending);
      pending = [];
      if (full && !this.closed)
        await this.until(() => this.closed || !this.socket.writableNeedDrain);
      else await new Promise((resolve) => setImmediate(resolve));
    };
    for (const chunk of chunks) {
      if (this.closed) return;
      pending.push(chunk);
      if (pending.length === batch) await flush();
    }
    if (pending.length > 0) await flush();
  }

  /** Stops reading: the server's output piles up in the socket's buffers, then in its own. */
  stopReading(): void {
    this.socket.pause();
  }

  /** Reads again (the server's end of the connection is only seen while reading). */
  resumeReading(): void {
    this.socket.resume();
  }

  get goaway(): { lastStreamId: number; code: number } | undefined {
    const goaway = this.frames.find((f) => f.type === FrameType.GOAWAY);
    return (
      goaway && {
        lastStreamId: goaway.payload.readUInt32BE(0) & 0x7fffffff,
        code: goaway.payload.readUInt32BE(4),
      }
    );
  }

  /** The error codes of the RST_STREAM frames received. */
  get resets(): number[] {
    return this.frames
      .filter((f) => f.type === FrameType.RST_STREAM)
      .map((f) => f.payload.readUInt32BE(0));
  }

  /** Resolves once `check` holds, or rejects after `timeoutMs`. */
  async until(check: () => boolean, timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!check()) {
      if (Date.now() > deadline) throw new Error('the server did not do that in time');
      await new Promise<void>((resolve) => {
        this.waiters.add(resolve);
        setTimeout(resolve, 50);
      });
    }
  }

  destroy(): void {
    this.socket.destroy();
  }

  private receive(chunk: Buffer): void {
    let data = Buffer.concat([this.unread, chunk]);
    while (data.length >= 9) {
      const length = data.readUIntBE(0, 3);
      if (data.length < 9 + length) break;
      const received: Frame = {
        type: data[3]!,
        flags: data[4]!,
        streamId: data.readUInt32BE(5) & 0x7fffffff,
        payload: Buffer.from(data.subarray(9, 9 + length)),
      };
      this.frames.push(received);
      // Acknowledged as every real client does, or the server's settings would not apply.
      if (
        this.prefaceSent &&
        received.type === FrameType.SETTINGS &&
        !(received.flags & Flag.ACK)
      ) {
        this.send(frame(FrameType.SETTINGS, Flag.ACK, 0));
      }
      data = data.subarray(9 + length);
    }
    this.unread = Buffer.from(data);
    this.wake();
  }

  private wake(): void {
    for (const wake of this.waiters) wake();
    this.waiters.clear();
  }
}
