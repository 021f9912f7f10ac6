/**
 * Http2ServerConnection (src/grpc/transport/http2) at the frame level. node:http2's client
 * (nghttp2) drives the well-behaved traffic: flow control both ways, large frames, header
 * blocks split across CONTINUATION. A raw socket writes hand-built frames for the rest, above
 * all what a client may get wrong, and reads back the GOAWAY or RST_STREAM each must draw
 * (RFC 9113). Nothing here waits for a time to pass: a PING sent after the frames under test
 * comes back only once the server has answered everything before it.
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import {
  connect as connectHttp2,
  type ClientHttp2Session,
  type ClientHttp2Stream,
  type ClientSessionOptions,
  type IncomingHttpHeaders,
} from 'node:http2';
import {
  connect as connectNet,
  createServer,
  type AddressInfo,
  type Server,
  type Socket,
} from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Http2ServerConnection } from '../../src/grpc/transport/http2/connection';
import { ErrorCode } from '../../src/grpc/transport/http2/errors';
import {
  encodeFrame,
  encodeRstStream,
  encodeSettings,
  encodeWindowUpdate,
  Flag,
  FRAME_HEADER_BYTES,
  FrameType,
  Setting,
} from '../../src/grpc/transport/http2/frames';
import {
  encodeHeaderBlock,
  HeaderDecoder,
  type HeaderField,
} from '../../src/grpc/transport/http2/hpack';
import type { ServerStream } from '../../src/grpc/transport/http2/stream';

const PREFACE = Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n', 'latin1');
const MAX_WINDOW = 2 ** 31 - 1;
const OK = encodeHeaderBlock([[':status', '200']]);
const OK_TRAILERS = encodeHeaderBlock([['grpc-status', '0']]);

// The server under test.

/** One request stream as the server saw it. */
interface Seen {
  readonly stream: ServerStream;
  /** 'end' and 'close', as the listener heard them. */
  readonly events: string[];
  readonly body: Buffer[];
  onData?: (chunk: Buffer) => void;
  onEnd?: () => void;
  onClose?: () => void;
}

interface TestServer {
  port: number;
  readonly connections: Http2ServerConnection[];
  readonly seen: Seen[];
  readonly unexpected: unknown[];
}

/** By default a request is answered with 200 and END_STREAM once it has ended. */
const answerAtEnd = (seen: Seen) => {
  seen.onEnd = () => seen.stream.respond(OK, true);
};

const cleanups: (() => void)[] = [];
const servers: TestServer[] = [];

afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
  // A failure of the server's own (not the peer's) would have ended a connection.
  for (const server of servers.splice(0)) expect(server.unexpected).toEqual([]);
});

async function serve(onStream: (seen: Seen) => void = answerAtEnd): Promise<TestServer> {
  const server: TestServer = { port: 0, connections: [], seen: [], unexpected: [] };
  const sockets: Socket[] = [];
  const net: Server = createServer((socket) => {
    sockets.push(socket);
    const connection = new Http2ServerConnection(socket, {
      stream: (stream) => {
        const seen: Seen = { stream, events: [], body: [] };
        server.seen.push(seen);
        stream.listener = {
          data: (chunk) => {
            seen.body.push(Buffer.from(chunk));
            seen.onData?.(chunk);
          },
          end: () => {
            seen.events.push('end');
            seen.onEnd?.();
          },
          close: () => {
            seen.events.push('close');
            seen.onClose?.();
          },
        };
        onStream(seen);
      },
      unexpected: (error) => server.unexpected.push(error),
    });
    server.connections.push(connection);
  });
  await new Promise<void>((resolve) => net.listen(0, '127.0.0.1', resolve));
  server.port = (net.address() as AddressInfo).port;
  servers.push(server);
  cleanups.push(() => {
    for (const socket of sockets) socket.destroy();
    net.close();
  });
  return server;
}

// A raw client.

interface Frame {
  type: number;
  flags: number;
  streamId: number;
  payload: Buffer;
}

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

/**
 * A client that writes frames as given and keeps every frame the server sends. It does
 * nothing on its own beyond acknowledging the server's SETTINGS.
 */
class RawClient {
  readonly frames: Frame[] = [];
  closed = false;
  private unparsed = Buffer.alloc(0);
  private pings = 0;

  private constructor(
    readonly socket: Socket,
    private readonly ackSettings: boolean,
  ) {
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    socket.on('error', () => {});
    socket.on('close', () => (this.closed = true));
  }

  /**
   * Connects and sends the preface and SETTINGS with `settings`, or else `start`; in that
   * case the client leaves the server's SETTINGS unacknowledged, as it may not have sent
   * its own preface yet.
   */
  static async open(
    port: number,
    settings: [number, number][] = [],
    start?: Buffer,
  ): Promise<RawClient> {
    const socket = connectNet(port, '127.0.0.1');
    await once(socket, 'connect');
    const client = new RawClient(socket, start === undefined);
    start ??= Buffer.concat([PREFACE, encodeSettings(settings)]);
    cleanups.push(() => socket.destroy());
    if (start.length > 0) socket.write(start);
    return client;
  }

  send(...frames: Buffer[]): void {
    if (!this.socket.destroyed) this.socket.write(Buffer.concat(frames));
  }

  private receive(chunk: Buffer): void {
    let bytes = Buffer.concat([this.unparsed, chunk]);
    while (bytes.length >= FRAME_HEADER_BYTES) {
      const length = bytes.readUIntBE(0, 3);
      if (bytes.length < FRAME_HEADER_BYTES + length) break;
      const frame: Frame = {
        type: bytes[3]!,
        flags: bytes[4]!,
        streamId: bytes.readUInt32BE(5) & 0x7fffffff,
        payload: Buffer.from(bytes.subarray(FRAME_HEADER_BYTES, FRAME_HEADER_BYTES + length)),
      };
      this.frames.push(frame);
      if (this.ackSettings && frame.type === FrameType.SETTINGS && !(frame.flags & Flag.ACK)) {
        this.send(encodeFrame(FrameType.SETTINGS, Flag.ACK, 0));
      }
      bytes = bytes.subarray(FRAME_HEADER_BYTES + length);
    }
    this.unparsed = bytes;
  }

  /** The first frame (received so far or later) that matches. */
  async waitFor(predicate: (frame: Frame) => boolean, what = 'a frame'): Promise<Frame> {
    await until(() => this.frames.some(predicate), what);
    return this.frames.find(predicate)!;
  }

  /**
   * Sends a PING and waits for its ACK, for a GOAWAY after it, or for the socket to close.
   * After an ACK, the server has sent all it had to say about the frames written before the
   * PING.
   */
  async settle(): Promise<void> {
    const payload = Buffer.alloc(8);
    payload.write(`sync${this.pings++}`);
    const from = this.frames.length;
    this.send(encodeFrame(FrameType.PING, 0, 0, payload));
    await until(
      () =>
        this.closed ||
        this.frames
          .slice(from)
          .some(
            (f) =>
              f.type === FrameType.GOAWAY ||
              (f.type === FrameType.PING && f.flags & Flag.ACK && f.payload.equals(payload)),
          ),
      'the PING to come back',
    );
  }

  /** Frames of this type (on this stream). */
  of(type: number, streamId?: number): Frame[] {
    return this.frames.filter(
      (f) => f.type === type && (streamId === undefined || f.streamId === streamId),
    );
  }

  /** The DATA received on a stream, in order. */
  body(streamId: number): Buffer {
    return Buffer.concat(this.of(FrameType.DATA, streamId).map((f) => f.payload));
  }

  goaway(): { lastStreamId: number; code: number } | undefined {
    const frame = this.of(FrameType.GOAWAY)[0];
    return (
      frame && {
        lastStreamId: frame.payload.readUInt32BE(0) & 0x7fffffff,
        code: frame.payload.readUInt32BE(4),
      }
    );
  }

  /** Error codes of the RST_STREAMs received on a stream. */
  resets(streamId: number): number[] {
    return this.of(FrameType.RST_STREAM, streamId).map((f) => f.payload.readUInt32BE(0));
  }

  /** The response header blocks (HEADERS and its CONTINUATIONs) on a stream, decoded. */
  headerBlocks(streamId: number, decoder = new HeaderDecoder()): HeaderField[][] {
    const blocks: HeaderField[][] = [];
    let fragments: Buffer[] | null = null;
    for (const frame of this.frames) {
      if (frame.streamId !== streamId) continue;
      if (frame.type === FrameType.HEADERS) fragments = [frame.payload];
      else if (frame.type === FrameType.CONTINUATION) fragments!.push(frame.payload);
      else continue;
      if (frame.flags & Flag.END_HEADERS) {
        blocks.push(decoder.decode(Buffer.concat(fragments!)));
        fragments = null;
      }
    }
    return blocks;
  }

  async untilClosed(): Promise<void> {
    await until(() => this.closed, 'the server to close the connection');
  }
}

// Frames.

const REQUEST: HeaderField[] = [
  [':method', 'POST'],
  [':scheme', 'http'],
  [':path', '/test.Echo/Unary'],
  [':authority', 'localhost'],
  ['content-type', 'application/grpc'],
];

/** A request's HEADERS: by default a whole block that also ends the request. */
function headers(
  streamId: number,
  fields: readonly HeaderField[] = REQUEST,
  flags = Flag.END_HEADERS | Flag.END_STREAM,
): Buffer {
  return encodeFrame(FrameType.HEADERS, flags, streamId, encodeHeaderBlock(fields));
}

function data(streamId: number, payload: Buffer | string, flags = 0): Buffer {
  return encodeFrame(FrameType.DATA, flags, streamId, Buffer.from(payload));
}

function ping(payload: string, flags = 0): Buffer {
  return encodeFrame(FrameType.PING, flags, 0, Buffer.from(payload.padEnd(8, '.')));
}

/** A request on `streamId` that ends at once, and the server's answer to it. */
async function roundTrip(client: RawClient, streamId: number): Promise<void> {
  client.send(headers(streamId));
  const answer = await client.waitFor(
    (f) => f.streamId === streamId && f.type === FrameType.HEADERS,
    `a response on stream ${streamId}`,
  );
  expect(answer.flags & Flag.END_STREAM).toBeTruthy();
  expect(client.headerBlocks(streamId)).toEqual([[[':status', '200']]]);
}

// node:http2's client.

function nodeClient(port: number, options: ClientSessionOptions = {}): ClientHttp2Session {
  const session = connectHttp2(`http://127.0.0.1:${port}`, options);
  session.on('error', () => {});
  cleanups.push(() => session.destroy());
  return session;
}

interface NodeAnswer {
  headers: IncomingHttpHeaders;
  trailers: IncomingHttpHeaders | undefined;
  body: Buffer;
  rstCode: number;
}

function answerOf(stream: ClientHttp2Stream): Promise<NodeAnswer> {
  stream.on('error', () => {});
  return new Promise((resolve) => {
    let headersSeen: IncomingHttpHeaders = {};
    let trailers: IncomingHttpHeaders | undefined;
    const chunks: Buffer[] = [];
    stream.on('response', (h) => (headersSeen = h));
    stream.on('trailers', (t) => (trailers = t));
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('close', () =>
      resolve({
        headers: headersSeen,
        trailers,
        body: Buffer.concat(chunks),
        rstCode: stream.rstCode,
      }),
    );
  });
}

function post(session: ClientHttp2Session, body?: Buffer): Promise<NodeAnswer> {
  const stream = session.request({ ':method': 'POST', ':path': '/test.Echo/Unary' });
  const answer = answerOf(stream);
  stream.end(body);
  return answer;
}

/** Answers with `body` in DATA, then trailers, once the request has ended. */
const answerWith =
  (body: Buffer, responseHeaders = OK, trailers = OK_TRAILERS) =>
  (seen: Seen) => {
    seen.onEnd = () => {
      seen.stream.respond(responseHeaders);
      seen.stream.write(body);
      seen.stream.end(trailers);
    };
  };

describe('SETTINGS and PING', () => {
  it('opens with its SETTINGS and a WINDOW_UPDATE that raises the connection window to 32 MiB', async () => {
    const server = await serve();
    const client = await RawClient.open(server.port);
    await client.settle();
    const [settings] = client.frames;
    expect(settings).toMatchObject({ type: FrameType.SETTINGS, flags: 0, streamId: 0 });
    const values = new Map<number, number>();
    for (let offset = 0; offset < settings!.payload.length; offset += 6) {
      values.set(
        settings!.payload.readUInt16BE(offset),
        settings!.payload.readUInt32BE(offset + 2),
      );
    }
    expect(values).toEqual(
      new Map([
        [Setting.INITIAL_WINDOW_SIZE, 8 * 1024 * 1024],
        [Setting.MAX_HEADER_LIST_SIZE, 64 * 1024],
      ]),
    );
    const [update] = client.of(FrameType.WINDOW_UPDATE);
    expect(update!.streamId).toBe(0);
    expect(update!.payload.readUInt32BE(0)).toBe(32 * 1024 * 1024 - 65_535);
  });

  it('acknowledges every SETTINGS frame, empty or not, with unknown settings ignored', async () => {
    const server = await serve();
    const client = await RawClient.open(server.port);
    // Once the server's SETTINGS are in, RawClient has acknowledged them.
    await client.waitFor((f) => f.type === FrameType.SETTINGS);
    client.send(
      encodeSettings([
        [0x99, 12345],
        [Setting.HEADER_TABLE_SIZE, 4096],
        [Setting.ENABLE_PUSH, 0],
        [Setting.MAX_CONCURRENT_STREAMS, 100],
        [Setting.MAX_HEADER_LIST_SIZE, 1 << 20],
      ]),
    );
    // The client's ACK of the server's SETTINGS (sent by RawClient) is not answered.
    await client.settle();
    const acks = client.of(FrameType.SETTINGS).filter((f) => f.flags & Flag.ACK);
    expect(acks).toHaveLength(2);
    for (const ack of acks) expect(ack).toMatchObject({ streamId: 0, payload: Buffer.alloc(0) });
    expect(client.goaway()).toBeUndefined();
    await roundTrip(client, 1);
  });

  it('answers a PING with an ACK of the same 8 octets, and does not answer a PING ACK', async () => {
    const server = await serve();
    const client = await RawClient.open(server.port);
    const opaque = Buffer.from([0, 1, 2, 0xfd, 0xfe, 0xff, 0x80, 0x7f]);
    client.send(encodeFrame(FrameType.PING, 0, 0, opaque));
    const ack = await client.waitFor((f) => f.type === FrameType.PING);
    expect(ack).toMatchObject({ flags: Flag.ACK, streamId: 0, payload: opaque });
    client.send(ping('an-ack', Flag.ACK));
    await client.settle();
    expect(client.of(FrameType.PING).map((f) => f.payload.toString('latin1'))).toEqual([
      opaque.toString('latin1'),
      'sync0\0\0\0',
    ]);
  });

  it('drops a client that floods PINGs and reads none of the answers', async () => {
    const server = await serve();
    const client = await RawClient.open(server.port);
    await client.settle();
    client.socket.pause();
    // 3,855 PINGs a write. The server's unread answers pass its 16 MiB limit, plus what the
    // kernel's socket buffers hold, long before the 150 MB the loop allows.
    const burst = Buffer.concat(
      Array.from({ length: 3855 }, () => encodeFrame(FrameType.PING, 0, 0, Buffer.alloc(8))),
    );
    let sent = 0;
    while (!client.closed && sent < 150 * 1024 * 1024) {
      if (!client.socket.write(burst)) {
        // Not events.once: it would reject on the reset that ends the flood.
        await new Promise((resolve) => {
          client.socket.once('drain', resolve);
          client.socket.once('close', resolve);
        });
      }
      sent += burst.length;
    }
    await until(() => client.closed, 'the server to drop the connection');
    expect(sent).toBeLessThan(150 * 1024 * 1024);
  });
});

describe('flow control, sending', () => {
  it('sends 3 MiB to a client with 16 KiB stream windows, waiting for its WINDOW_UPDATEs', async () => {
    const body = randomBytes(3 * 1024 * 1024);
    const server = await serve(answerWith(body));
    const session = nodeClient(server.port, { settings: { initialWindowSize: 16 * 1024 } });
    let goaway = false;
    session.on('goaway', () => (goaway = true));
    const answers = await Promise.all([post(session), post(session)]);
    for (const answer of answers) {
      expect(answer.headers[':status']).toBe(200);
      expect(answer.body.length).toBe(body.length);
      expect(answer.body.equals(body)).toBe(true);
      expect(answer.trailers).toMatchObject({ 'grpc-status': '0' });
      expect(answer.rstCode).toBe(0);
    }
    expect(goaway).toBe(false);
  });

  it("follows the peer's SETTINGS_INITIAL_WINDOW_SIZE down, below zero, and up again", async () => {
    const body = randomBytes(20_000);
    const server = await serve(answerWith(body));
    const client = await RawClient.open(server.port, [[Setting.INITIAL_WINDOW_SIZE, 4000]]);
    client.send(headers(1));
    await client.settle();
    expect(client.body(1).length).toBe(4000);

    // 4000 - 4000 sent, then -3000 for the new initial size, +2500: still -500 (6.9.2).
    client.send(encodeSettings([[Setting.INITIAL_WINDOW_SIZE, 1000]]), encodeWindowUpdate(1, 2500));
    await client.settle();
    expect(client.body(1).length).toBe(4000);

    // +16000: 15500 may go.
    client.send(encodeSettings([[Setting.INITIAL_WINDOW_SIZE, 17_000]]));
    await client.settle();
    expect(client.body(1).length).toBe(19_500);
    expect(client.of(FrameType.HEADERS, 1)).toHaveLength(1);

    client.send(encodeWindowUpdate(1, 500));
    await client.waitFor(
      (f) => f.type === FrameType.HEADERS && f.streamId === 1 && (f.flags & Flag.END_STREAM) !== 0,
      'the trailers',
    );
    expect(client.body(1).equals(body)).toBe(true);
    expect(client.headerBlocks(1)).toEqual([[[':status', '200']], [['grpc-status', '0']]]);
    expect(client.of(FrameType.SETTINGS).filter((f) => f.flags & Flag.ACK)).toHaveLength(3);
  });

  it('holds every stream at the connection window, and resumes them on connection WINDOW_UPDATEs', async () => {
    const body = randomBytes(40_000);
    const server = await serve(answerWith(body));
    const client = await RawClient.open(server.port, [[Setting.INITIAL_WINDOW_SIZE, 1 << 20]]);
    client.send(headers(1), headers(3), headers(5));
    await client.settle();
    const sent = () => [1, 3, 5].reduce((sum, id) => sum + client.body(id).length, 0);
    expect(sent()).toBe(65_535);

    client.send(encodeWindowUpdate(0, 10_000));
    await client.settle();
    expect(sent()).toBe(75_535);
    expect(client.of(FrameType.HEADERS).filter((f) => f.flags & Flag.END_STREAM)).toHaveLength(1);

    client.send(encodeWindowUpdate(0, 1 << 20));
    await until(
      () => client.of(FrameType.HEADERS).filter((f) => f.flags & Flag.END_STREAM).length === 3,
      'all three responses to end',
    );
    for (const id of [1, 3, 5]) expect(client.body(id).equals(body)).toBe(true);
  });

  it("caps DATA frames at 16384 octets, and at the peer's SETTINGS_MAX_FRAME_SIZE once raised", async () => {
    const body = randomBytes(200_000);
    const server = await serve(answerWith(body));
    const client = await RawClient.open(server.port, [[Setting.INITIAL_WINDOW_SIZE, 1 << 20]]);
    client.send(encodeWindowUpdate(0, 1 << 20), headers(1));
    const done = (id: number) =>
      client.waitFor(
        (f) =>
          f.streamId === id && f.type === FrameType.HEADERS && (f.flags & Flag.END_STREAM) !== 0,
      );
    await done(1);
    const sizes = (id: number) => client.of(FrameType.DATA, id).map((f) => f.payload.length);
    expect(Math.max(...sizes(1))).toBe(16_384);

    client.send(encodeSettings([[Setting.MAX_FRAME_SIZE, 65_536]]), headers(3));
    await done(3);
    expect(Math.max(...sizes(3))).toBe(65_536);
    expect(client.body(1).equals(body)).toBe(true);
    expect(client.body(3).equals(body)).toBe(true);
  });

  it('sends a node:http2 client that allows 64 KiB frames a 1 MiB body it reads intact', async () => {
    const body = randomBytes(1 << 20);
    const server = await serve(answerWith(body));
    const session = nodeClient(server.port, { settings: { maxFrameSize: 65_536 } });
    const answer = await post(session);
    expect(answer.body.equals(body)).toBe(true);
    expect(answer.trailers).toMatchObject({ 'grpc-status': '0' });
  });
});

describe('flow control, receiving', () => {
  it('receives a 5 MiB request body complete and in order', async () => {
    const server = await serve();
    const session = nodeClient(server.port);
    const body = randomBytes(5 * 1024 * 1024);
    const answer = await post(session, body);
    expect(answer.headers[':status']).toBe(200);
    expect(Buffer.concat(server.seen[0]!.body).equals(body)).toBe(true);
    expect(server.seen[0]!.events).toEqual(['end', 'close']);
  });

  it('keeps a client sending 36 MiB on three streams, past both its receive windows', async () => {
    // 12 MiB a stream is more than its 8 MiB window; 36 MiB more than the connection's 32.
    const server = await serve();
    const session = nodeClient(server.port);
    const bodies = [1, 2, 3].map(() => randomBytes(12 * 1024 * 1024));
    const answers = await Promise.all(bodies.map((body) => post(session, body)));
    for (const answer of answers) expect(answer.headers[':status']).toBe(200);
    const received = server.seen.map((seen) => Buffer.concat(seen.body));
    expect(received.map((body, i) => body.equals(bodies[i]!))).toEqual([true, true, true]);
  });

  it("tops up a stream's window and the connection's once half of each is used", async () => {
    const server = await serve(() => {});
    const client = await RawClient.open(server.port);
    client.send(headers(1, REQUEST, Flag.END_HEADERS));
    const chunk = Buffer.alloc(16_384, 1);
    // 16 MiB in 1024 frames, within the windows as the server tops them up.
    for (let i = 0; i < 1024; i++) client.send(data(1, chunk));
    await client.settle();
    const increments = (id: number) =>
      client.of(FrameType.WINDOW_UPDATE, id).map((f) => f.payload.readUInt32BE(0));
    expect(increments(1)).toEqual([4, 4, 4, 4].map((mib) => mib * 1024 * 1024));
    expect(increments(0)).toEqual([32 * 1024 * 1024 - 65_535, 16 * 1024 * 1024]);
    expect(Buffer.concat(server.seen[0]!.body).length).toBe(16 * 1024 * 1024);
  });
});

describe('header blocks larger than a frame', () => {
  const bigHeaders: HeaderField[] = [
    [':status', '200'],
    ['x-big-header', 'h'.repeat(40_000)],
  ];
  const bigTrailers: HeaderField[] = [
    ['grpc-status', '0'],
    ['x-big-trailer', 't'.repeat(40_000)],
  ];
  const answerBig = answerWith(
    Buffer.from('body'),
    encodeHeaderBlock(bigHeaders),
    encodeHeaderBlock(bigTrailers),
  );

  it("splits a block larger than the peer's MAX_FRAME_SIZE into HEADERS and CONTINUATIONs", async () => {
    const server = await serve(answerBig);
    const client = await RawClient.open(server.port);
    client.send(headers(1));
    await until(() => client.frames.filter((f) => f.streamId === 1).length >= 7, 'the response');
    await client.settle();
    const onStream = client.frames.filter((f) => f.streamId === 1);
    expect(onStream.map((f) => [f.type, f.flags, f.payload.length])).toEqual([
      [FrameType.HEADERS, 0, 16_384],
      [FrameType.CONTINUATION, 0, 16_384],
      [FrameType.CONTINUATION, Flag.END_HEADERS, expect.any(Number)],
      [FrameType.DATA, 0, 4],
      [FrameType.HEADERS, Flag.END_STREAM, 16_384],
      [FrameType.CONTINUATION, 0, 16_384],
      [FrameType.CONTINUATION, Flag.END_HEADERS, expect.any(Number)],
    ]);
    // Nothing else comes between a block's frames (RFC 9113, 6.10).
    const types = client.frames.map((f) => f.type);
    types.forEach((type, i) => {
      if (type === FrameType.CONTINUATION) {
        expect([FrameType.HEADERS, FrameType.CONTINUATION]).toContain(types[i - 1]);
      }
    });
    expect(client.headerBlocks(1)).toEqual([bigHeaders, bigTrailers]);
  });

  it('sends the same blocks whole once the peer raises MAX_FRAME_SIZE', async () => {
    const server = await serve(answerBig);
    const client = await RawClient.open(server.port, [[Setting.MAX_FRAME_SIZE, 65_536]]);
    client.send(headers(1));
    await client.waitFor((f) => f.type === FrameType.HEADERS && (f.flags & Flag.END_STREAM) !== 0);
    expect(client.of(FrameType.CONTINUATION)).toEqual([]);
    expect(client.of(FrameType.HEADERS, 1).map((f) => f.flags)).toEqual([
      Flag.END_HEADERS,
      Flag.END_HEADERS | Flag.END_STREAM,
    ]);
    expect(client.headerBlocks(1)).toEqual([bigHeaders, bigTrailers]);
  });

  it("node:http2's client decodes headers and trailers sent across CONTINUATION frames", async () => {
    const server = await serve(answerBig);
    const session = nodeClient(server.port, { settings: { maxHeaderListSize: 1 << 20 } });
    const answer = await post(session);
    expect(answer.headers).toMatchObject({ ':status': 200, 'x-big-header': bigHeaders[1]![1] });
    expect(answer.trailers).toMatchObject({
      'grpc-status': '0',
      'x-big-trailer': bigTrailers[1]![1],
    });
    expect(answer.body.toString()).toBe('body');
  });

  it('opens its next header block with a table size update once the peer changes its table size', async () => {
    const server = await serve();
    const client = await RawClient.open(server.port, [[Setting.HEADER_TABLE_SIZE, 0]]);
    await roundTrip(client, 1);
    await roundTrip(client, 3);
    expect(client.of(FrameType.HEADERS, 1)[0]!.payload).toEqual(Buffer.of(0x20, 0x88));
    expect(client.of(FrameType.HEADERS, 3)[0]!.payload).toEqual(Buffer.of(0x88));
    // nghttp2, having lowered its table size, refuses a next block without the update.
    const session = nodeClient(server.port, { settings: { headerTableSize: 0 } });
    for (let i = 0; i < 3; i++) expect((await post(session)).headers[':status']).toBe(200);
  });
});

/** Waits for the GOAWAY, checks it, and that the server then closes the connection. */
async function expectGoaway(client: RawClient, code: number, lastStreamId: number): Promise<void> {
  await client.settle();
  expect(client.goaway()).toEqual({ lastStreamId, code });
  await client.untilClosed();
}

/** A whole header block split into HEADERS and CONTINUATIONs of `size` octets. */
function splitBlock(
  streamId: number,
  block: Buffer,
  size: number,
  flags = Flag.END_STREAM,
): Buffer[] {
  const frames: Buffer[] = [];
  for (let start = 0; start < block.length; start += size) {
    const end = Math.min(start + size, block.length);
    const type = start === 0 ? FrameType.HEADERS : FrameType.CONTINUATION;
    const frameFlags = (start === 0 ? flags : 0) | (end === block.length ? Flag.END_HEADERS : 0);
    frames.push(encodeFrame(type, frameFlags, streamId, block, start, end));
  }
  return frames;
}

describe('connection errors: GOAWAY with the right code, then the socket closes', () => {
  const { PROTOCOL_ERROR, FRAME_SIZE_ERROR, FLOW_CONTROL_ERROR } = ErrorCode;
  const settingsWith = (id: number, value: number) => encodeSettings([[id, value]]);
  const openHeaders = (id: number) =>
    encodeFrame(FrameType.HEADERS, 0, id, encodeHeaderBlock(REQUEST).subarray(0, 3));

  it.each<{
    name: string;
    frames: () => Buffer[];
    code: number;
    /** Stream 1 is opened and answered first, so the GOAWAY's last stream id is 1. */
    afterStream1?: boolean;
    /** What the GOAWAY may give as the last stream id, where not 0 or 1 as above. */
    lastStreamIds?: number[];
  }>([
    {
      name: 'a frame longer than 16384 octets, our SETTINGS_MAX_FRAME_SIZE',
      frames: () => [data(1, Buffer.alloc(16_385))],
      code: FRAME_SIZE_ERROR,
      afterStream1: true,
    },
    {
      name: 'a frame header announcing more than 16384 octets, before its payload arrives',
      frames: () => [encodeFrame(FrameType.PING, 0, 0).fill(0xff, 0, 3)],
      code: FRAME_SIZE_ERROR,
    },
    { name: 'DATA on stream 0', frames: () => [data(0, 'x')], code: PROTOCOL_ERROR },
    { name: 'HEADERS on stream 0', frames: () => [headers(0)], code: PROTOCOL_ERROR },
    {
      name: 'CONTINUATION without HEADERS',
      frames: () => [encodeFrame(FrameType.CONTINUATION, Flag.END_HEADERS, 1, Buffer.of(0x88))],
      code: PROTOCOL_ERROR,
    },
    {
      name: 'CONTINUATION after a complete header block',
      frames: () => [
        headers(3, REQUEST, Flag.END_HEADERS),
        encodeFrame(FrameType.CONTINUATION, Flag.END_HEADERS, 3, Buffer.of(0x88)),
      ],
      code: PROTOCOL_ERROR,
      afterStream1: true,
      lastStreamIds: [3],
    },
    {
      name: 'a header block interrupted by a PING',
      frames: () => [openHeaders(3), ping('between')],
      code: PROTOCOL_ERROR,
      afterStream1: true,
    },
    {
      name: 'a header block interrupted by a CONTINUATION for another stream',
      frames: () => [
        openHeaders(3),
        encodeFrame(FrameType.CONTINUATION, Flag.END_HEADERS, 5, Buffer.of(0x84)),
      ],
      code: PROTOCOL_ERROR,
      afterStream1: true,
    },
    {
      name: 'a header block interrupted by DATA on its own stream',
      frames: () => [openHeaders(3), data(3, 'x')],
      code: PROTOCOL_ERROR,
      afterStream1: true,
    },
    {
      name: 'a header block interrupted by a frame of unknown type',
      frames: () => [openHeaders(3), encodeFrame(0xfa, 0, 3, Buffer.from('x'))],
      code: PROTOCOL_ERROR,
      afterStream1: true,
    },
    {
      name: 'PUSH_PROMISE from the client',
      frames: () => [encodeFrame(FrameType.PUSH_PROMISE, Flag.END_HEADERS, 1, Buffer.alloc(5))],
      code: PROTOCOL_ERROR,
      afterStream1: true,
    },
    { name: 'a request on an even stream id', frames: () => [headers(2)], code: PROTOCOL_ERROR },
    {
      name: 'SETTINGS whose length is not a multiple of 6',
      frames: () => [encodeFrame(FrameType.SETTINGS, 0, 0, Buffer.alloc(7))],
      code: FRAME_SIZE_ERROR,
    },
    {
      name: 'a SETTINGS ACK with a payload',
      frames: () => [encodeFrame(FrameType.SETTINGS, Flag.ACK, 0, Buffer.alloc(6))],
      code: FRAME_SIZE_ERROR,
    },
    {
      name: 'SETTINGS on a stream',
      frames: () => [encodeFrame(FrameType.SETTINGS, 0, 1, Buffer.alloc(0))],
      code: PROTOCOL_ERROR,
      afterStream1: true,
    },
    {
      name: 'SETTINGS_INITIAL_WINDOW_SIZE above 2^31-1',
      frames: () => [settingsWith(Setting.INITIAL_WINDOW_SIZE, 2 ** 31)],
      code: FLOW_CONTROL_ERROR,
    },
    {
      name: 'SETTINGS_MAX_FRAME_SIZE below 16384',
      frames: () => [settingsWith(Setting.MAX_FRAME_SIZE, 16_383)],
      code: PROTOCOL_ERROR,
    },
    {
      name: 'SETTINGS_MAX_FRAME_SIZE above 2^24-1',
      frames: () => [settingsWith(Setting.MAX_FRAME_SIZE, 2 ** 24)],
      code: PROTOCOL_ERROR,
    },
    {
      name: 'SETTINGS_ENABLE_PUSH other than 0 or 1',
      frames: () => [settingsWith(Setting.ENABLE_PUSH, 2)],
      code: PROTOCOL_ERROR,
    },
    {
      name: 'a PING that is not 8 octets',
      frames: () => [encodeFrame(FrameType.PING, 0, 0, Buffer.alloc(7))],
      code: FRAME_SIZE_ERROR,
    },
    {
      name: 'PING on a stream',
      frames: () => [encodeFrame(FrameType.PING, 0, 1, Buffer.alloc(8))],
      code: PROTOCOL_ERROR,
      afterStream1: true,
    },
    {
      name: 'a WINDOW_UPDATE that takes the connection window past 2^31-1',
      frames: () => [encodeWindowUpdate(0, MAX_WINDOW - 65_535), encodeWindowUpdate(0, 1)],
      code: FLOW_CONTROL_ERROR,
    },
    {
      name: 'a WINDOW_UPDATE of 0 on the connection',
      frames: () => [encodeWindowUpdate(0, 0)],
      code: PROTOCOL_ERROR,
    },
    {
      name: 'a WINDOW_UPDATE that is not 4 octets',
      frames: () => [encodeFrame(FrameType.WINDOW_UPDATE, 0, 0, Buffer.alloc(5, 1))],
      code: FRAME_SIZE_ERROR,
    },
    {
      name: 'RST_STREAM on stream 0',
      frames: () => [encodeRstStream(0, ErrorCode.CANCEL)],
      code: PROTOCOL_ERROR,
    },
    {
      name: 'an RST_STREAM that is not 4 octets',
      frames: () => [encodeFrame(FrameType.RST_STREAM, 0, 1, Buffer.alloc(3))],
      code: FRAME_SIZE_ERROR,
      afterStream1: true,
    },
    {
      name: 'PRIORITY on stream 0',
      frames: () => [encodeFrame(FrameType.PRIORITY, 0, 0, Buffer.alloc(5))],
      code: PROTOCOL_ERROR,
    },
    {
      name: 'GOAWAY on a stream',
      frames: () => [encodeFrame(FrameType.GOAWAY, 0, 1, Buffer.alloc(8))],
      code: PROTOCOL_ERROR,
      afterStream1: true,
    },
    {
      name: 'HEADERS whose padding is as long as the frame',
      frames: () => [
        encodeFrame(
          FrameType.HEADERS,
          Flag.END_HEADERS | Flag.PADDED,
          3,
          Buffer.concat([Buffer.of(3), Buffer.of(0x82, 0x84)]),
        ),
      ],
      code: PROTOCOL_ERROR,
      afterStream1: true,
    },
    {
      name: 'HEADERS with the PRIORITY flag too short for its priority fields',
      frames: () => [
        encodeFrame(FrameType.HEADERS, Flag.END_HEADERS | Flag.PRIORITY, 3, Buffer.alloc(4)),
      ],
      code: PROTOCOL_ERROR,
      afterStream1: true,
    },
    {
      name: 'DATA for a stream never opened',
      frames: () => [data(5, 'x')],
      code: PROTOCOL_ERROR,
      afterStream1: true,
    },
    {
      name: 'WINDOW_UPDATE for a stream never opened',
      frames: () => [encodeWindowUpdate(5, 100)],
      code: PROTOCOL_ERROR,
      afterStream1: true,
    },
    {
      name: 'RST_STREAM for a stream never opened',
      frames: () => [encodeRstStream(5, ErrorCode.CANCEL)],
      code: PROTOCOL_ERROR,
      afterStream1: true,
    },
    {
      name: 'a header block that does not decode (index 0)',
      frames: () => [encodeFrame(FrameType.HEADERS, Flag.END_HEADERS, 3, Buffer.of(0x80))],
      code: ErrorCode.COMPRESSION_ERROR,
      afterStream1: true,
    },
    {
      name: 'a header block with a Huffman string badly padded',
      frames: () => [
        encodeFrame(FrameType.HEADERS, Flag.END_HEADERS, 3, Buffer.of(0x83, 0x04, 0x81, 0x00)),
      ],
      code: ErrorCode.COMPRESSION_ERROR,
      afterStream1: true,
    },
    {
      name: 'a header block over 64 KiB across CONTINUATIONs',
      frames: () =>
        splitBlock(3, encodeHeaderBlock([...REQUEST, ['x-big', 'a'.repeat(70_000)]]), 16_384),
      code: ErrorCode.ENHANCE_YOUR_CALM,
      afterStream1: true,
    },
    {
      name: 'a header list over 64 KiB once decoded, from a block of 8 KiB',
      frames: () => {
        // Each field is 4 octets on the wire and counts 33 in the list (RFC 9113, 6.5.2).
        const fields = Array.from({ length: 2000 }, (): HeaderField => ['a', '']);
        return [headers(3, [...REQUEST, ...fields])];
      },
      code: ErrorCode.ENHANCE_YOUR_CALM,
      afterStream1: true,
      // Stream 3 was never served, but a last stream id that is too high is allowed (6.8).
      lastStreamIds: [1, 3],
    },
  ])('GOAWAY for $name', async ({ frames, code, afterStream1, lastStreamIds }) => {
    const server = await serve();
    const client = await RawClient.open(server.port);
    if (afterStream1) await roundTrip(client, 1);
    client.send(...frames());
    await client.settle();
    const goaway = client.goaway();
    expect(goaway?.code).toBe(code);
    expect(lastStreamIds ?? [afterStream1 ? 1 : 0]).toContain(goaway?.lastStreamId);
    await client.untilClosed();
    // No stream was served past the last stream id.
    const served = server.seen.map((seen) => seen.stream.id);
    expect(served.every((id) => id <= goaway!.lastStreamId)).toBe(true);
    expect(served.slice(0, 1)).toEqual(afterStream1 ? [1] : []);
  });

  it('closes the streams still open when the connection fails', async () => {
    const server = await serve(() => {});
    const client = await RawClient.open(server.port);
    client.send(headers(1, REQUEST, Flag.END_HEADERS), headers(3, REQUEST, Flag.END_HEADERS));
    await until(() => server.seen.length === 2, 'two streams');
    client.send(data(0, 'x'));
    await expectGoaway(client, ErrorCode.PROTOCOL_ERROR, 3);
    await until(() => server.seen.every((seen) => seen.events.includes('close')), 'close');
    expect(server.seen.map((seen) => seen.events)).toEqual([['close'], ['close']]);
  });

  it('closes the socket without a GOAWAY on a bad preface', async () => {
    const server = await serve();
    const client = await RawClient.open(
      server.port,
      [],
      Buffer.from('GET / HTTP/1.1\r\nHost: localhost\r\n\r\n'),
    );
    await client.untilClosed();
    expect(client.goaway()).toBeUndefined();
    expect(server.seen).toEqual([]);
  });

  it('closes the socket on a preface that goes wrong after its first octets', async () => {
    const server = await serve();
    const client = await RawClient.open(server.port, [], PREFACE.subarray(0, 10));
    client.send(Buffer.from('HTTP/1.1\r\n\r\n'));
    await client.untilClosed();
    expect(client.goaway()).toBeUndefined();
  });

  it('reads a preface and frames however the octets are cut', async () => {
    const server = await serve();
    const client = await RawClient.open(server.port, [], Buffer.alloc(0));
    const bytes = Buffer.concat([PREFACE, encodeSettings([]), headers(1), ping('cut')]);
    for (let i = 0; i < bytes.length; i++) {
      client.send(bytes.subarray(i, i + 1));
      await new Promise((resolve) => setImmediate(resolve));
    }
    await client.waitFor((f) => f.type === FrameType.PING && f.flags === Flag.ACK);
    expect(client.headerBlocks(1)).toEqual([[[':status', '200']]]);
  });
});

describe('stream errors: RST_STREAM, and the connection goes on', () => {
  const { PROTOCOL_ERROR } = ErrorCode;
  const without = (name: string) => REQUEST.filter(([field]) => field !== name);
  const pseudo = REQUEST.filter(([name]) => name.startsWith(':'));

  it.each<{ name: string; fields: HeaderField[] }>([
    { name: 'an uppercase header name', fields: [...REQUEST, ['X-Upper', 'v']] },
    { name: 'a request without :path', fields: without(':path') },
    { name: 'a request without :method', fields: without(':method') },
    { name: 'a request without :scheme', fields: without(':scheme') },
    {
      name: 'an empty :path',
      fields: REQUEST.map(([name, value]): HeaderField => [name, name === ':path' ? '' : value]),
    },
    { name: 'a connection: keep-alive field', fields: [...REQUEST, ['connection', 'keep-alive']] },
    { name: 'a keep-alive field', fields: [...REQUEST, ['keep-alive', 'timeout=5']] },
    { name: 'a proxy-connection field', fields: [...REQUEST, ['proxy-connection', 'close']] },
    { name: 'a transfer-encoding field', fields: [...REQUEST, ['transfer-encoding', 'chunked']] },
    { name: 'an upgrade field', fields: [...REQUEST, ['upgrade', 'h2c']] },
    { name: 'te other than "trailers"', fields: [...REQUEST, ['te', 'gzip']] },
    {
      name: 'a pseudo-header after a regular field',
      fields: [['content-type', 'application/grpc'], ...pseudo],
    },
    { name: 'an unknown pseudo-header', fields: [...pseudo, [':status', '200']] },
    { name: 'a repeated pseudo-header', fields: [...pseudo, [':path', '/again']] },
  ])(
    'RST_STREAM(PROTOCOL_ERROR) for $name, then the next request is served',
    async ({ fields }) => {
      const server = await serve();
      const client = await RawClient.open(server.port);
      client.send(headers(1, fields));
      await roundTrip(client, 3);
      expect(client.resets(1)).toEqual([PROTOCOL_ERROR]);
      expect(client.of(FrameType.HEADERS, 1)).toEqual([]);
      expect(server.seen.map((seen) => seen.stream.id)).toEqual([3]);
      expect(client.goaway()).toBeUndefined();
    },
  );

  it('accepts te: trailers, inner whitespace and latin1 octets in values', async () => {
    const server = await serve();
    const client = await RawClient.open(server.port);
    const extra: HeaderField[] = [
      ['te', 'trailers'],
      ['x-spaced', 'a b\tc'],
      ['x-latin1', '\u00e9t\u00e9 \u00ff'],
    ];
    client.send(headers(1, [...REQUEST, ...extra]));
    await roundTrip(client, 1);
    expect(server.seen[0]!.stream.headers).toMatchObject(Object.fromEntries(extra));
  });

  it('keeps the dynamic table in step through a refused request', async () => {
    const server = await serve();
    const client = await RawClient.open(server.port);
    const withIndexing = (name: string, value: string) =>
      Buffer.concat([
        Buffer.of(0x40, name.length),
        Buffer.from(name),
        Buffer.of(value.length),
        Buffer.from(value),
      ]);
    // Stream 1 is refused for its uppercase name, after both fields entered the table.
    const refused = Buffer.concat([
      encodeHeaderBlock(REQUEST),
      withIndexing('x-good', 'yes'),
      withIndexing('X-Bad', 'no'),
    ]);
    client.send(encodeFrame(FrameType.HEADERS, Flag.END_HEADERS | Flag.END_STREAM, 1, refused));
    // Index 63 is x-good: yes, second newest.
    const referring = Buffer.concat([encodeHeaderBlock(REQUEST), Buffer.of(0x80 | 63)]);
    client.send(encodeFrame(FrameType.HEADERS, Flag.END_HEADERS | Flag.END_STREAM, 3, referring));
    await client.waitFor((f) => f.type === FrameType.HEADERS && f.streamId === 3);
    expect(client.resets(1)).toEqual([PROTOCOL_ERROR]);
    expect(server.seen.map((seen) => seen.stream.headers['x-good'])).toEqual(['yes']);
  });

  it('resets a stream on a WINDOW_UPDATE of 0 with PROTOCOL_ERROR, and closes it', async () => {
    const server = await serve();
    const client = await RawClient.open(server.port);
    client.send(headers(1, REQUEST, Flag.END_HEADERS), encodeWindowUpdate(1, 0));
    await roundTrip(client, 3);
    expect(client.resets(1)).toEqual([PROTOCOL_ERROR]);
    await until(() => server.seen[0]!.events.length > 0, 'close');
    expect(server.seen[0]!.events).toEqual(['close']);
    expect(client.goaway()).toBeUndefined();
  });

  it('resets a stream whose window a WINDOW_UPDATE takes past 2^31-1 with FLOW_CONTROL_ERROR, not one that reaches it', async () => {
    const server = await serve();
    const client = await RawClient.open(server.port);
    client.send(headers(1, REQUEST, Flag.END_HEADERS), encodeWindowUpdate(1, MAX_WINDOW - 65_535));
    await client.settle();
    expect(client.resets(1)).toEqual([]);
    client.send(encodeWindowUpdate(1, 1));
    await roundTrip(client, 3);
    expect(client.resets(1)).toEqual([ErrorCode.FLOW_CONTROL_ERROR]);
    expect(client.goaway()).toBeUndefined();
  });

  it('resets a stream with STREAM_CLOSED on DATA after the client ended it', async () => {
    const server = await serve(() => {});
    const client = await RawClient.open(server.port);
    client.send(headers(1), data(1, 'too late'));
    await client.settle();
    expect(client.resets(1)).toEqual([ErrorCode.STREAM_CLOSED]);
    await until(() => server.seen[0]!.events.includes('close'), 'close');
    expect(server.seen[0]!.events).toEqual(['end', 'close']);
    expect(server.seen[0]!.body).toEqual([]);
    expect(client.goaway()).toBeUndefined();
  });

  it('resets a stream with PROTOCOL_ERROR on a second HEADERS without END_STREAM', async () => {
    const server = await serve();
    const client = await RawClient.open(server.port);
    client.send(
      headers(1, REQUEST, Flag.END_HEADERS),
      data(1, 'part'),
      headers(1, [['x-more', 'headers']], Flag.END_HEADERS),
    );
    await roundTrip(client, 3);
    expect(client.resets(1)).toEqual([PROTOCOL_ERROR]);
    expect(server.seen[0]!.events).toEqual(['close']);
  });

  it('takes trailers from the client as the end of its request', async () => {
    const server = await serve();
    const client = await RawClient.open(server.port);
    client.send(
      headers(1, REQUEST, Flag.END_HEADERS),
      data(1, 'body'),
      headers(1, [['x-trailer', 'v']], Flag.END_HEADERS | Flag.END_STREAM),
    );
    await client.waitFor((f) => f.type === FrameType.HEADERS && f.streamId === 1);
    expect(client.headerBlocks(1)).toEqual([[[':status', '200']]]);
    expect(client.resets(1)).toEqual([]);
    await until(() => server.seen[0]!.events.includes('close'), 'close');
    expect(server.seen[0]!.events).toEqual(['end', 'close']);
  });
});

describe('closed streams', () => {
  it("closes a stream on the client's RST_STREAM: its listener hears close(), and nothing more goes out on it", async () => {
    let writesAfterClose = 0;
    const server = await serve((seen) => {
      seen.stream.respond(OK);
      seen.onClose = () => {
        seen.stream.write(Buffer.from('after close'));
        seen.stream.end(OK_TRAILERS);
        writesAfterClose++;
      };
    });
    const client = await RawClient.open(server.port);
    client.send(headers(1, REQUEST, Flag.END_HEADERS), data(1, 'hello'));
    await client.waitFor((f) => f.type === FrameType.HEADERS && f.streamId === 1);
    client.send(encodeRstStream(1, ErrorCode.CANCEL));
    await until(() => writesAfterClose === 1, 'close');
    await client.settle();
    expect(server.seen[0]!.events).toEqual(['close']);
    expect(Buffer.concat(server.seen[0]!.body).toString()).toBe('hello');
    expect(client.frames.filter((f) => f.streamId === 1).map((f) => f.type)).toEqual([
      FrameType.HEADERS,
    ]);
  });

  it('ignores DATA, WINDOW_UPDATE, RST_STREAM and PRIORITY for closed streams', async () => {
    const server = await serve((seen) => {
      if (seen.stream.id === 1) return; // left open, for the client to reset
      answerAtEnd(seen);
    });
    const client = await RawClient.open(server.port);
    client.send(headers(1, REQUEST, Flag.END_HEADERS), encodeRstStream(1, ErrorCode.CANCEL));
    await roundTrip(client, 3); // over, both sides ended
    client.send(headers(5, [...REQUEST, ['X-Refused', 'uppercase']])); // we reset it
    await client.settle();
    expect(client.resets(5)).toEqual([ErrorCode.PROTOCOL_ERROR]);
    const priority = Buffer.of(0, 0, 0, 0, 16);
    for (const id of [1, 3, 5]) {
      client.send(
        data(id, 'late'),
        encodeWindowUpdate(id, 1000),
        encodeFrame(FrameType.PRIORITY, 0, id, priority),
        encodeRstStream(id, ErrorCode.CANCEL),
      );
    }
    await roundTrip(client, 7);
    expect(client.goaway()).toBeUndefined();
    expect(server.seen.map((seen) => [seen.stream.id, seen.events, seen.body.length])).toEqual([
      [1, ['close'], 0],
      [3, ['end', 'close'], 0],
      [7, ['end', 'close'], 0],
    ]);
    // But a frame for a stream above every one opened is for a stream never opened.
    client.send(encodeWindowUpdate(9, 1000));
    await client.settle();
    expect(client.goaway()).toEqual({ lastStreamId: 7, code: ErrorCode.PROTOCOL_ERROR });
    await client.untilClosed();
  });
});

describe('responses that end first', () => {
  it('follows a response that ends while the client is still sending with RST_STREAM(NO_ERROR)', async () => {
    const server = await serve((seen) => {
      if (seen.stream.id !== 1) return answerAtEnd(seen);
      seen.onData = () => {
        seen.stream.respond(OK);
        seen.stream.write(Buffer.from('answer'));
        seen.stream.end(OK_TRAILERS);
      };
    });
    const client = await RawClient.open(server.port);
    client.send(headers(1, REQUEST, Flag.END_HEADERS), data(1, 'first'));
    await client.waitFor((f) => f.type === FrameType.RST_STREAM);
    expect(client.frames.filter((f) => f.streamId === 1).map((f) => [f.type, f.flags])).toEqual([
      [FrameType.HEADERS, Flag.END_HEADERS],
      [FrameType.DATA, 0],
      [FrameType.HEADERS, Flag.END_HEADERS | Flag.END_STREAM],
      [FrameType.RST_STREAM, 0],
    ]);
    expect(client.resets(1)).toEqual([ErrorCode.NO_ERROR]);
    // What the client had in flight is dropped.
    client.send(data(1, 'second', Flag.END_STREAM));
    await roundTrip(client, 3);
    expect(server.seen[0]!.events).toEqual(['close']);
    expect(Buffer.concat(server.seen[0]!.body).toString()).toBe('first');
  });

  it('does the same after a trailers-only response', async () => {
    const server = await serve((seen) => seen.stream.respond(OK_TRAILERS, true));
    const client = await RawClient.open(server.port);
    client.send(headers(1, REQUEST, Flag.END_HEADERS));
    await client.waitFor((f) => f.type === FrameType.RST_STREAM);
    expect(client.frames.filter((f) => f.streamId === 1).map((f) => [f.type, f.flags])).toEqual([
      [FrameType.HEADERS, Flag.END_HEADERS | Flag.END_STREAM],
      [FrameType.RST_STREAM, 0],
    ]);
    expect(client.resets(1)).toEqual([ErrorCode.NO_ERROR]);
  });

  it('sends no RST_STREAM when the client had ended first', async () => {
    const server = await serve((seen) => seen.stream.respond(OK_TRAILERS, true));
    const client = await RawClient.open(server.port);
    client.send(headers(1));
    await client.waitFor((f) => f.type === FrameType.HEADERS);
    await client.settle();
    expect(client.resets(1)).toEqual([]);
  });
});

describe('close()', () => {
  it('sends GOAWAY(NO_ERROR) with the last stream id, refuses new streams, lets open ones finish, then ends the socket', async () => {
    const server = await serve();
    const client = await RawClient.open(server.port);
    client.send(headers(1, REQUEST, Flag.END_HEADERS));
    await until(() => server.seen.length === 1, 'stream 1');
    server.connections[0]!.close();
    server.connections[0]!.close();
    await client.waitFor((f) => f.type === FrameType.GOAWAY);
    expect(client.goaway()).toEqual({ lastStreamId: 1, code: ErrorCode.NO_ERROR });

    client.send(headers(3));
    await client.settle();
    expect(client.resets(3)).toEqual([ErrorCode.REFUSED_STREAM]);
    expect(server.seen).toHaveLength(1);
    expect(client.closed).toBe(false);

    client.send(data(1, 'last words', Flag.END_STREAM));
    await client.untilClosed();
    expect(client.headerBlocks(1)).toEqual([[[':status', '200']]]);
    expect(Buffer.concat(server.seen[0]!.body).toString()).toBe('last words');
    expect(server.seen[0]!.events).toEqual(['end', 'close']);
    expect(client.of(FrameType.GOAWAY)).toHaveLength(1);
  });

  it('ends the socket at once when no stream is open', async () => {
    const server = await serve();
    const client = await RawClient.open(server.port);
    await roundTrip(client, 1);
    server.connections[0]!.close();
    await client.untilClosed();
    expect(client.goaway()).toEqual({ lastStreamId: 1, code: ErrorCode.NO_ERROR });
  });

  it('lets a node:http2 client finish the request it has in flight', async () => {
    const server = await serve();
    const session = nodeClient(server.port);
    const stream = session.request({ ':method': 'POST', ':path': '/test.Echo/Unary' });
    const answer = answerOf(stream);
    stream.write('half');
    await until(() => server.seen.length === 1, 'the request');
    const goaway = new Promise<[number, number]>((resolve) =>
      session.once('goaway', (code, lastStreamId) => resolve([code, lastStreamId])),
    );
    server.connections[0]!.close();
    expect(await goaway).toEqual([ErrorCode.NO_ERROR, 1]);
    stream.end(' and the rest');
    expect((await answer).headers[':status']).toBe(200);
    expect(Buffer.concat(server.seen[0]!.body).toString()).toBe('half and the rest');
    await until(() => session.closed || session.destroyed, 'the session to close');
  });
});

describe('frames the server ignores or takes apart', () => {
  it('ignores frames of unknown types, on the connection, an open stream or an idle one', async () => {
    const server = await serve();
    const client = await RawClient.open(server.port);
    const unknown = (streamId: number) => encodeFrame(0xfa, 0xff, streamId, Buffer.alloc(100, 7));
    client.send(
      unknown(0),
      headers(1, REQUEST, Flag.END_HEADERS),
      unknown(1),
      data(1, 'one'),
      unknown(99),
      encodeFrame(FrameType.PRIORITY, 0, 11, Buffer.of(0, 0, 0, 1, 16)), // on an idle stream
      data(1, 'two', Flag.END_STREAM),
    );
    await client.waitFor((f) => f.type === FrameType.HEADERS && f.streamId === 1);
    await client.settle();
    expect(client.goaway()).toBeUndefined();
    expect(Buffer.concat(server.seen[0]!.body).toString()).toBe('onetwo');
    await roundTrip(client, 3);
  });

  it('strips padding from HEADERS and DATA, and skips the priority fields of HEADERS', async () => {
    const server = await serve();
    const client = await RawClient.open(server.port);
    const block = encodeHeaderBlock(REQUEST);
    const paddedHeaders = Buffer.concat([
      Buffer.of(10), // pad length
      Buffer.of(0x80, 0, 0, 0, 200), // exclusive, depends on stream 0, weight 201
      block,
      Buffer.alloc(10),
    ]);
    client.send(
      encodeFrame(
        FrameType.HEADERS,
        Flag.PADDED | Flag.PRIORITY | Flag.END_HEADERS,
        1,
        paddedHeaders,
      ),
      encodeFrame(
        FrameType.DATA,
        Flag.PADDED,
        1,
        Buffer.concat([Buffer.of(3), Buffer.from('body'), Buffer.alloc(3)]),
      ),
      encodeFrame(
        FrameType.DATA,
        Flag.PADDED | Flag.END_STREAM,
        1,
        Buffer.of(7, 0, 0, 0, 0, 0, 0, 0),
      ),
    );
    await client.waitFor((f) => f.type === FrameType.HEADERS && f.streamId === 1);
    expect(server.seen[0]!.stream.headers).toMatchObject(Object.fromEntries(REQUEST));
    expect(Buffer.concat(server.seen[0]!.body).toString()).toBe('body');
    expect(client.goaway()).toBeUndefined();
  });
});

/**
 * Rules of RFC 9113 that a first version of the connection missed; each test states what
 * the RFC asks for.
 */
describe('RFC 9113 rules on fields, the preface and stream states', () => {
  /** The server must refuse stream 1 as malformed (8.1.1) and go on with stream 3. */
  async function expectMalformed(fields: HeaderField[]): Promise<void> {
    const server = await serve();
    const client = await RawClient.open(server.port);
    client.send(headers(1, [...REQUEST, ...fields]));
    await roundTrip(client, 3);
    expect(client.resets(1)).toEqual([ErrorCode.PROTOCOL_ERROR]);
    expect(server.seen.map((seen) => seen.stream.id)).toEqual([3]);
  }

  it.each<[string, string]>([
    ['CR LF', 'a\r\nx-injected: 1'],
    ['LF', 'a\nb'],
    ['NUL', 'a\0b'],
  ])('refuses a field value containing %s as malformed (8.2.1)', async (_what, value) => {
    await expectMalformed([['x-value', value]]);
  });

  it.each<[string, string]>([
    ['a leading space', ' a'],
    ['a trailing tab', 'a\t'],
  ])('refuses a field value with %s as malformed (8.2.1)', async (_what, value) => {
    await expectMalformed([['x-value', value]]);
  });

  it.each<[string, string]>([
    ['a space', 'x name'],
    ['a colon', 'x:name'],
    ['a non-ASCII octet', 'x-\u00e9'],
    ['a control octet', 'x-\u0001'],
  ])('refuses a field name containing %s as malformed (8.2.1)', async (_what, name) => {
    await expectMalformed([[name, 'v']]);
  });

  it('joins cookie crumbs with "; " (8.2.3)', async () => {
    const server = await serve();
    const session = nodeClient(server.port);
    // node:http2 sends an array of cookies as separate fields, as 8.2.3 allows.
    const stream = session.request({ ':path': '/', cookie: ['a=1', 'b=2'] });
    stream.end();
    await answerOf(stream);
    expect(server.seen[0]!.stream.headers['cookie']).toBe('a=1; b=2');
  });

  it('takes a preface not followed by SETTINGS as a connection error (3.4)', async () => {
    const server = await serve();
    const client = await RawClient.open(server.port, [], Buffer.concat([PREFACE, headers(1)]));
    await client.settle();
    // A GOAWAY may be left out here (3.4), but the connection must end, unanswered.
    await until(() => client.closed || client.of(FrameType.HEADERS).length > 0, 'an outcome');
    expect(client.of(FrameType.HEADERS)).toEqual([]);
    expect(client.closed).toBe(true);
  });

  it('takes DATA or WINDOW_UPDATE on an idle even-numbered stream as a PROTOCOL_ERROR (5.1)', async () => {
    const server = await serve();
    const client = await RawClient.open(server.port);
    await roundTrip(client, 3);
    // Stream 2 is the server's to open, and it never has: it is idle, below the last id.
    client.send(data(2, 'x'), encodeWindowUpdate(2, 100));
    await client.settle();
    expect(client.goaway()).toEqual({ lastStreamId: 3, code: ErrorCode.PROTOCOL_ERROR });
  });

  it('takes a request on an even-numbered stream below the last one as a PROTOCOL_ERROR (5.1.1)', async () => {
    const server = await serve();
    const client = await RawClient.open(server.port);
    await roundTrip(client, 3);
    client.send(headers(2));
    await client.settle();
    expect(client.goaway()).toEqual({ lastStreamId: 3, code: ErrorCode.PROTOCOL_ERROR });
  });

  it('answers HEADERS on a half-closed (remote) stream with RST_STREAM(STREAM_CLOSED) (5.1)', async () => {
    const server = await serve(() => {}); // never answers, so the stream stays half-closed
    const client = await RawClient.open(server.port);
    client.send(headers(1), headers(1, [['x-trailer', 'late']]));
    await client.settle();
    expect(client.resets(1)).toEqual([ErrorCode.STREAM_CLOSED]);
  });

  it('answers a PRIORITY frame that is not 5 octets with FRAME_SIZE_ERROR (6.3)', async () => {
    const server = await serve(() => {});
    const client = await RawClient.open(server.port);
    client.send(
      headers(1, REQUEST, Flag.END_HEADERS),
      encodeFrame(FrameType.PRIORITY, 0, 1, Buffer.alloc(4)),
    );
    await client.settle();
    // A stream error, or the connection's: either way with FRAME_SIZE_ERROR.
    const codes = [...client.resets(1), client.goaway()?.code];
    expect(codes).toContain(ErrorCode.FRAME_SIZE_ERROR);
  });

  it('takes a SETTINGS_INITIAL_WINDOW_SIZE that lifts a stream window past 2^31-1 as a FLOW_CONTROL_ERROR (6.9.2)', async () => {
    const server = await serve(() => {});
    const client = await RawClient.open(server.port);
    // Stream 1's send window: 65535 + (2^31-1 - 65535) = 2^31-1, the most it may be.
    client.send(headers(1, REQUEST, Flag.END_HEADERS), encodeWindowUpdate(1, MAX_WINDOW - 65_535));
    await client.settle();
    expect(client.resets(1)).toEqual([]);
    client.send(encodeSettings([[Setting.INITIAL_WINDOW_SIZE, 65_536]]));
    await client.settle();
    expect(client.goaway()).toEqual({ lastStreamId: 1, code: ErrorCode.FLOW_CONTROL_ERROR });
  });
});
