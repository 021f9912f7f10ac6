/**
 * Our gRPC transport (src/grpc/transport) at the wire: framing across DATA chunks, several
 * messages per chunk, size limits, compressed requests, statuses in trailers, routing and
 * refusals, cancellation and shutdown. Clients are real: raw node:http2 where the bytes or
 * headers matter, grpc-js where its decoding of our answers does.
 */
import * as grpc from '@grpc/grpc-js';
import type { ServiceDefinition } from '@grpc/proto-loader';
import { frame, rawMethod as rawEchoMethod, unframe } from './raw-grpc';
import {
  connect,
  constants,
  type ClientHttp2Session,
  type ClientHttp2Stream,
  type IncomingHttpHeaders,
  type OutgoingHttpHeaders,
} from 'node:http2';
import { deflateSync, gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { getServiceDefinition, loadProtos } from '../../src/grpc/proto/load-protos';
import type {
  BidiStreamingCall,
  ServerStreamingCall,
  UnaryCall,
} from '../../src/grpc/transport/calls';
import { MessageDecoder } from '../../src/grpc/transport/framing';
import type { TransportLimits } from '../../src/grpc/transport/limits';
import { GrpcTransport } from '../../src/grpc/transport/server';
import { encodeGrpcMessage, GrpcError, Status } from '../../src/grpc/transport/status';

/** Small, so that the size limits are cheap to reach. */
const MAX = 64 * 1024;

const rawMethod = (name: string, requestStream: boolean, responseStream: boolean) =>
  rawEchoMethod('test.Echo', name, requestStream, responseStream);

const echoDefinition: ServiceDefinition = {
  Unary: rawMethod('Unary', false, false),
  Stream: rawMethod('Stream', false, true),
  Bidi: rawMethod('Bidi', true, true),
  Unimplemented: rawMethod('Unimplemented', false, false),
};

/** What a streaming handler saw, in order. */
type Seen = (string | Buffer)[];

/** Per-test hooks that the handlers below call. */
const hooks: {
  unary?: (call: UnaryCall<Buffer>) => Promise<Buffer>;
  /** Replaces what the Stream method does once set up. */
  stream?: (call: ServerStreamingCall<Buffer, Buffer>) => void;
  streamSetup?: Promise<void>;
  streamSeen?: Seen;
  bidiSetup?: Promise<void>;
  bidiSeen?: Seen;
} = {};

const unexpected: unknown[] = [];
let transport: GrpcTransport;
let address: string;

function watch(call: BidiStreamingCall<Buffer, Buffer>, seen: Seen) {
  call.on('data', (message) => seen.push(message));
  call.on('end', () => seen.push('end'));
  call.on('cancelled', () => seen.push('cancelled'));
  call.on('error', (error) => seen.push(`error ${error.code}`));
  call.on('close', () => seen.push('close'));
}

async function start(limits: Partial<TransportLimits> = {}): Promise<GrpcTransport> {
  const server = new GrpcTransport({
    maxMessageBytes: MAX,
    toStatus: (error) => {
      unexpected.push(error);
      return new GrpcError(Status.INTERNAL, 'internal error');
    },
    limits,
  });
  server.addService(echoDefinition, {
    Unary: async (call: UnaryCall<Buffer>) => (hooks.unary ? hooks.unary(call) : call.request),
    Stream: async (call: ServerStreamingCall<Buffer, Buffer>) => {
      await hooks.streamSetup;
      watch(call, (hooks.streamSeen ??= []));
      if (hooks.stream) {
        hooks.stream(call);
        return;
      }
      const text = call.request.toString();
      if (text.startsWith('fail:')) {
        call.write(Buffer.from('before the failure'));
        throw new GrpcError(Status.FAILED_PRECONDITION, text.slice('fail:'.length));
      }
      for (const part of text.split(',')) call.write(Buffer.from(part));
      if (!text.endsWith(',')) call.end();
    },
    Bidi: async (call: BidiStreamingCall<Buffer, Buffer>) => {
      await hooks.bidiSetup;
      const seen = (hooks.bidiSeen ??= []);
      watch(call, seen);
      call.on('data', (message) => call.write(message));
      call.on('end', () => call.end());
    },
  });
  server.addService(getServiceDefinition(loadProtos(), 'Dispatcher'), {
    Heartbeat: async () => ({}),
  });
  return server;
}

beforeAll(async () => {
  transport = await start();
  address = `127.0.0.1:${await transport.listen('127.0.0.1', 0)}`;
});
afterAll(() => transport?.close());
afterEach(() => {
  for (const key of Object.keys(hooks)) delete hooks[key as keyof typeof hooks];
  expect(unexpected.splice(0)).toEqual([]);
});

interface RawAnswer {
  headers: IncomingHttpHeaders;
  /** Undefined for a trailers-only response (the status is then in `headers`). */
  trailers: IncomingHttpHeaders | undefined;
  messages: Buffer[];
}

const sessions: ClientHttp2Session[] = [];
afterAll(() => {
  for (const session of sessions) session.destroy();
});

function open(to = address): ClientHttp2Session {
  const session = connect(`http://${to}`);
  session.on('error', () => {});
  sessions.push(session);
  return session;
}

function request(
  session: ClientHttp2Session,
  path: string,
  headers: OutgoingHttpHeaders = {},
): { stream: ClientHttp2Stream; answer: Promise<RawAnswer> } {
  const stream = session.request({
    ':method': 'POST',
    ':path': path,
    'content-type': 'application/grpc',
    te: 'trailers',
    ...headers,
  });
  stream.on('error', () => {});
  const answer = new Promise<RawAnswer>((resolve) => {
    let headersSeen: IncomingHttpHeaders = {};
    let trailers: IncomingHttpHeaders | undefined;
    const chunks: Buffer[] = [];
    stream.on('response', (h) => (headersSeen = h));
    stream.on('trailers', (t) => (trailers = t));
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('close', () =>
      resolve({ headers: headersSeen, trailers, messages: unframe(Buffer.concat(chunks)) }),
    );
  });
  return { stream, answer };
}

/** A call whose body is written piece by piece, each in its own turn of the event loop. */
async function rawCall(
  path: string,
  pieces: (Buffer | string)[],
  headers: OutgoingHttpHeaders = {},
): Promise<RawAnswer> {
  const { stream, answer } = request(open(), path, headers);
  for (const piece of pieces) {
    stream.write(Buffer.from(piece));
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  stream.end();
  return answer;
}

/** grpc-status and grpc-message, wherever the response carried them. */
function statusOf(answer: RawAnswer): { code: number; message: string | undefined } {
  const carrier = answer.trailers ?? answer.headers;
  return {
    code: Number(carrier['grpc-status']),
    message: carrier['grpc-message'] as string | undefined,
  };
}

function echoClient(to = address): grpc.Client & Record<string, (...args: unknown[]) => unknown> {
  const same = (bytes: Buffer) => bytes;
  const definition = Object.fromEntries(
    ['Unary', 'Stream'].map((name) => [
      name,
      {
        path: `/test.Echo/${name}`,
        requestStream: false,
        responseStream: name === 'Stream',
        requestSerialize: same,
        requestDeserialize: same,
        responseSerialize: same,
        responseDeserialize: same,
      },
    ]),
  );
  const Client = grpc.makeGenericClientConstructor(definition, 'Echo');
  return new Client(to, grpc.credentials.createInsecure()) as never;
}

function unaryWithGrpcJs(payload: Buffer): Promise<Buffer> {
  const client = echoClient();
  return new Promise<Buffer>((resolve, reject) => {
    client['Unary']!(payload, (error: grpc.ServiceError | null, response: Buffer) => {
      client.close();
      if (error) reject(error);
      else resolve(response);
    });
  });
}

const until = async (check: () => boolean) => {
  const deadline = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

/** A byte budget that never refuses, and says what it has lent. */
function unlimited() {
  const budget = {
    held: 0,
    take: (bytes: number) => {
      budget.held += bytes;
      return true;
    },
    give: (bytes: number) => {
      budget.held -= bytes;
    },
  };
  return budget;
}

describe('message framing', () => {
  it('decodes a message cut at every possible point, and several messages in one chunk', () => {
    const wire = Buffer.concat([frame('first'), frame(''), frame('third message')]);
    const expected = ['first', '', 'third message'];
    for (let a = 0; a <= wire.length; a++) {
      for (let b = a; b <= wire.length; b++) {
        const got: string[] = [];
        const decoder = new MessageDecoder(MAX, unlimited(), (payload) =>
          got.push(payload.toString()),
        );
        for (const chunk of [wire.subarray(0, a), wire.subarray(a, b), wire.subarray(b)]) {
          decoder.push(chunk);
        }
        expect(got).toEqual(expected);
        expect(decoder.midMessage).toBe(false);
      }
    }
  });

  it('holds only the bytes that have arrived, within its budget, and gives them back', () => {
    const budget = unlimited();
    const got: Buffer[] = [];
    const decoder = new MessageDecoder(MAX, budget, (payload) => got.push(payload));
    const body = Buffer.alloc(MAX, 3);
    // A prefix announcing the largest message takes nothing; its bytes take about what came.
    decoder.push(frame(body).subarray(0, 5));
    expect(budget.held).toBe(0);
    decoder.push(body.subarray(0, 100));
    expect(budget.held).toBeGreaterThan(0);
    expect(budget.held).toBeLessThanOrEqual(16 * 1024);
    decoder.push(body.subarray(100, MAX / 2));
    expect(budget.held).toBeLessThanOrEqual(MAX);
    decoder.push(body.subarray(MAX / 2));
    expect(got).toEqual([body]);
    expect(budget.held).toBe(0);

    // A body past the budget fails the call; what the call held is given back when it ends.
    const small = { ...unlimited(), take: () => false };
    const refused = new MessageDecoder(MAX, small, () => {});
    refused.push(frame(body).subarray(0, 5));
    expect(() => refused.push(body.subarray(0, 10))).toThrow(
      new GrpcError(
        Status.RESOURCE_EXHAUSTED,
        'Too many request bytes are buffered on this connection',
      ),
    );
    decoder.push(frame(body).subarray(0, 1000));
    expect(budget.held).toBeGreaterThan(0);
    decoder.dispose();
    expect(budget.held).toBe(0);
  });

  it('reads a message split over several DATA frames', async () => {
    const wire = frame('split across frames');
    const answer = await rawCall('/test.Echo/Unary', [
      wire.subarray(0, 2),
      wire.subarray(2, 7),
      wire.subarray(7, 12),
      wire.subarray(12),
    ]);
    expect(statusOf(answer)).toEqual({ code: 0, message: undefined });
    expect(answer.messages.map(String)).toEqual(['split across frames']);
  });

  it('answers each of several messages sent in one DATA frame', async () => {
    const answer = await rawCall('/test.Echo/Bidi', [
      Buffer.concat([frame('a'), frame('bb'), frame('ccc')]),
    ]);
    expect(answer.messages.map(String)).toEqual(['a', 'bb', 'ccc']);
    expect(statusOf(answer).code).toBe(0);
    expect(hooks.bidiSeen?.map(String)).toEqual(['a', 'bb', 'ccc', 'end', 'close']);
  });

  it('round-trips a message of many DATA frames with grpc-js', async () => {
    const payload = Buffer.alloc(MAX, 7);
    payload.write('start');
    expect((await unaryWithGrpcJs(payload)).equals(payload)).toBe(true);
  });

  it('refuses a message announced larger than the limit with RESOURCE_EXHAUSTED', async () => {
    const header = Buffer.alloc(5);
    header.writeUInt32BE(MAX + 1, 1);
    expect(statusOf(await rawCall('/test.Echo/Unary', [header]))).toEqual({
      code: Status.RESOURCE_EXHAUSTED,
      message: `Received message larger than max (${MAX + 1} vs ${MAX})`,
    });
    await expect(unaryWithGrpcJs(Buffer.alloc(MAX + 1))).rejects.toMatchObject({
      code: Status.RESOURCE_EXHAUSTED,
      details: `Received message larger than max (${MAX + 1} vs ${MAX})`,
    });
  });

  it('inflates gzip and deflate messages, and answers uncompressed, preferring identity', async () => {
    for (const [encoding, compress] of [
      ['gzip', gzipSync],
      ['deflate', deflateSync],
    ] as const) {
      const answer = await rawCall('/test.Echo/Unary', [frame(compress('squeezed'), 1)], {
        'grpc-encoding': encoding,
      });
      expect(statusOf(answer).code).toBe(0);
      expect(answer.headers['grpc-accept-encoding']).toBe('identity');
      expect(answer.headers['grpc-encoding']).toBeUndefined();
      expect(answer.messages.map(String)).toEqual(['squeezed']);
    }
    // An uncompressed message on a gzip call is fine too (the flag is per message).
    const mixed = await rawCall('/test.Echo/Bidi', [frame(gzipSync('one'), 1), frame('two')], {
      'grpc-encoding': 'gzip',
    });
    expect(mixed.messages.map(String)).toEqual(['one', 'two']);
  });

  it('refuses what it cannot inflate', async () => {
    const gzipped = frame(gzipSync('x'), 1);
    expect(
      statusOf(await rawCall('/test.Echo/Unary', [gzipped], { 'grpc-encoding': 'snappy' })),
    ).toEqual({
      code: Status.UNIMPLEMENTED,
      message: 'Received message compressed with unsupported encoding "snappy"',
    });
    expect(statusOf(await rawCall('/test.Echo/Unary', [gzipped])).code).toBe(Status.INTERNAL);
    const bomb = frame(gzipSync(Buffer.alloc(MAX + 1)), 1);
    expect(
      statusOf(await rawCall('/test.Echo/Unary', [bomb], { 'grpc-encoding': 'gzip' })),
    ).toEqual({
      code: Status.RESOURCE_EXHAUSTED,
      message: `Received message that decompresses to a size larger than ${MAX}`,
    });
    const garbage = frame('not gzip', 1);
    expect(
      statusOf(await rawCall('/test.Echo/Unary', [garbage], { 'grpc-encoding': 'gzip' })),
    ).toEqual({ code: Status.INTERNAL, message: 'Failed to decompress message' });
  });

  it('refuses a request that ends in the middle of a message, or has a bad flag', async () => {
    expect(statusOf(await rawCall('/test.Echo/Unary', [frame('whole').subarray(0, 7)]))).toEqual({
      code: Status.INTERNAL,
      message: 'The request ended in the middle of a message',
    });
    expect(statusOf(await rawCall('/test.Echo/Unary', [frame('x', 2)]))).toEqual({
      code: Status.INTERNAL,
      message: 'Invalid message compression flag 2',
    });
  });
});

describe('unary calls', () => {
  it('needs exactly one request message', async () => {
    expect(statusOf(await rawCall('/test.Echo/Unary', []))).toEqual({
      code: Status.UNIMPLEMENTED,
      message: 'Received no request message for unary method /test.Echo/Unary',
    });
    expect(statusOf(await rawCall('/test.Echo/Unary', [frame('a'), frame('b')]))).toEqual({
      code: Status.UNIMPLEMENTED,
      message: 'Received a second request message for unary method /test.Echo/Unary',
    });
  });

  it('answers INTERNAL for a message that does not decode', async () => {
    const answer = await rawCall('/Dispatcher/Heartbeat', [frame(Buffer.from([0x0a, 0xff]))]);
    expect(statusOf(answer).code).toBe(Status.INTERNAL);
    expect(statusOf(answer).message).toMatch(/^Error deserializing request: /);
    expect(statusOf(await rawCall('/Dispatcher/Heartbeat', [frame('')])).code).toBe(0);
  });

  it('sends a GrpcError as it is and anything else through toStatus', async () => {
    hooks.unary = async () => {
      throw new GrpcError(Status.NOT_FOUND, 'no such thing');
    };
    await expect(unaryWithGrpcJs(Buffer.from('x'))).rejects.toMatchObject({
      code: Status.NOT_FOUND,
      details: 'no such thing',
    });
    const surprise = new Error('surprise');
    hooks.unary = async () => {
      throw surprise;
    };
    await expect(unaryWithGrpcJs(Buffer.from('x'))).rejects.toMatchObject({
      code: Status.INTERNAL,
      details: 'internal error',
    });
    expect(unexpected.splice(0)).toEqual([surprise]);
  });

  it('refuses a response larger than the limit', async () => {
    hooks.unary = async () => Buffer.alloc(MAX + 1);
    await expect(unaryWithGrpcJs(Buffer.from('x'))).rejects.toMatchObject({
      code: Status.RESOURCE_EXHAUSTED,
      details: `Sent message larger than max (${MAX + 1} vs ${MAX})`,
    });
  });

  it('passes the request headers on as metadata', async () => {
    let seen: IncomingHttpHeaders | undefined;
    hooks.unary = async (call) => {
      seen = call.metadata;
      return call.request;
    };
    await rawCall('/test.Echo/Unary', [frame('x')], {
      authorization: 'bearer abc',
      'x-trace-bin': Buffer.from([1, 2, 3]).toString('base64'),
    });
    expect(seen).toMatchObject({ authorization: 'bearer abc', 'x-trace-bin': 'AQID' });
  });
});

describe('statuses', () => {
  it('percent-encodes grpc-message as the gRPC spec says', () => {
    expect(encodeGrpcMessage('plain text: (ok) ~')).toBe('plain text: (ok) ~');
    expect(encodeGrpcMessage('100% sure')).toBe('100%25 sure');
    expect(encodeGrpcMessage('naïve\nline\t€')).toBe('na%C3%AFve%0Aline%09%E2%82%AC');
  });

  it('sends an early error as a trailers-only response, and grpc-js decodes its message', async () => {
    const message = 'bad: 100% naïve\nsecond line';
    hooks.unary = async () => {
      throw new GrpcError(Status.INVALID_ARGUMENT, message);
    };
    const answer = await rawCall('/test.Echo/Unary', [frame('x')]);
    expect(answer.trailers).toBeUndefined();
    expect(answer.headers).toMatchObject({
      ':status': 200,
      'content-type': 'application/grpc+proto',
      'grpc-accept-encoding': 'identity',
      'grpc-status': '3',
      'grpc-message': encodeGrpcMessage(message),
    });
    await expect(unaryWithGrpcJs(Buffer.from('x'))).rejects.toMatchObject({
      code: Status.INVALID_ARGUMENT,
      details: message,
    });
  });

  it('sends a later status in trailers, after the messages', async () => {
    const answer = await rawCall('/test.Echo/Stream', [frame('fail:gone wrong')]);
    expect(answer.messages.map(String)).toEqual(['before the failure']);
    expect(answer.headers['grpc-status']).toBeUndefined();
    expect(statusOf(answer)).toEqual({ code: Status.FAILED_PRECONDITION, message: 'gone wrong' });
    const ok = await rawCall('/test.Echo/Stream', [frame('a,b')]);
    expect(ok.messages.map(String)).toEqual(['a', 'b']);
    expect(ok.trailers?.['grpc-status']).toBe('0');
  });
});

describe('routing', () => {
  it('answers UNIMPLEMENTED for an unknown method or service', async () => {
    for (const path of ['/test.Echo/Unimplemented', '/test.Echo/Nope', '/no.Such/Service']) {
      expect(statusOf(await rawCall(path, [frame('x')]))).toEqual({
        code: Status.UNIMPLEMENTED,
        message: `The server does not implement the method ${path}`,
      });
    }
  });

  it('refuses what is not a gRPC request at the HTTP level, and keeps serving', async () => {
    const session = open();
    const json = request(session, '/test.Echo/Unary', { 'content-type': 'application/json' });
    json.stream.end(frame('x'));
    expect((await json.answer).headers[':status']).toBe(415);
    const get = request(session, '/test.Echo/Unary', { ':method': 'GET' });
    get.stream.end();
    expect((await get.answer).headers[':status']).toBe(405);
    const fine = request(session, '/test.Echo/Unary', { 'content-type': 'application/grpc+proto' });
    fine.stream.end(frame('still here'));
    expect((await fine.answer).messages.map(String)).toEqual(['still here']);
  });
});

describe('connections', () => {
  it('answers PINGs without calls, never with GOAWAY', async () => {
    const session = open();
    let goaway = false;
    session.on('goaway', () => (goaway = true));
    await new Promise((resolve) => session.once('connect', resolve));
    for (let i = 0; i < 50; i++) {
      await new Promise<void>((resolve, reject) =>
        session.ping((error) => (error ? reject(error) : resolve())),
      );
    }
    const { stream, answer } = request(session, '/test.Echo/Unary');
    stream.end(frame('after pings'));
    expect((await answer).messages.map(String)).toEqual(['after pings']);
    expect(goaway).toBe(false);
  });

  it('serves hundreds of concurrent calls on one connection', async () => {
    const session = open();
    const calls = Array.from({ length: 500 }, (_v, i) => {
      const { stream, answer } = request(session, '/test.Echo/Unary');
      stream.end(frame(`call ${i}`));
      return answer;
    });
    const answers = await Promise.all(calls);
    expect(answers.map((a) => a.messages.map(String)[0])).toEqual(
      Array.from({ length: 500 }, (_v, i) => `call ${i}`),
    );
  });
});

describe('streams', () => {
  it('holds events until the handler is set up, so none is missed', async () => {
    let ready = () => {};
    hooks.bidiSetup = new Promise<void>((resolve) => (ready = resolve));
    const { stream, answer } = request(open(), '/test.Echo/Bidi');
    stream.end(Buffer.concat([frame('early'), frame('bird')]));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(hooks.bidiSeen).toBeUndefined();
    ready();
    expect((await answer).messages.map(String)).toEqual(['early', 'bird']);
    expect(hooks.bidiSeen?.map(String)).toEqual(['early', 'bird', 'end', 'close']);
  });

  it('tells the handler when the client cancels, even during its setup', async () => {
    const cancelled = request(open(), '/test.Echo/Stream');
    cancelled.stream.end(frame('one,'));
    await until(() => hooks.streamSeen !== undefined);
    cancelled.stream.close(constants.NGHTTP2_CANCEL);
    await until(() => hooks.streamSeen!.includes('close'));
    expect(hooks.streamSeen).toEqual(['cancelled', 'close']);

    // Cancelled before the handler has listened: it hears of it once set up.
    let ready = () => {};
    hooks.streamSetup = new Promise<void>((resolve) => (ready = resolve));
    hooks.streamSeen = [];
    const early = request(open(), '/test.Echo/Stream');
    early.stream.end(frame('two,'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    early.stream.close(constants.NGHTTP2_CANCEL);
    await early.answer;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(hooks.streamSeen).toEqual([]);
    ready();
    await until(() => hooks.streamSeen!.includes('close'));
    expect(hooks.streamSeen).toEqual(['cancelled', 'close']);
  });

  it('tells the handler when the connection is lost', async () => {
    const session = open();
    request(session, '/test.Echo/Bidi').stream.write(frame('hi'));
    await until(() => hooks.bidiSeen?.length === 1);
    session.destroy();
    await until(() => hooks.bidiSeen!.includes('close'));
    expect(hooks.bidiSeen?.map(String)).toEqual(['hi', 'cancelled', 'close']);
  });

  it('ends the call with an error, and says so, when a later message is bad', async () => {
    const { stream, answer: answered } = request(open(), '/test.Echo/Bidi');
    stream.write(frame('good'));
    // The bad message goes once the good one is handled: sent together, the call could fail
    // before its handler is set up, and the good one would never be echoed.
    await until(() => hooks.bidiSeen?.length === 1);
    stream.end(frame('bad', 2));
    const answer = await answered;
    expect(answer.messages.map(String)).toEqual(['good']);
    expect(statusOf(answer).code).toBe(Status.INTERNAL);
    await until(() => hooks.bidiSeen?.includes('close') === true);
    expect(hooks.bidiSeen?.map(String)).toEqual(['good', `error ${Status.INTERNAL}`, 'close']);
  });
});

describe('close', () => {
  it('ends streams with UNAVAILABLE, lets unary calls finish, then stops', async () => {
    const server = await start();
    const port = await server.listen('127.0.0.1', 0);
    const session = connect(`http://127.0.0.1:${port}`);
    session.on('error', () => {});
    const call = (path: string) => {
      const stream = session.request({
        ':method': 'POST',
        ':path': path,
        'content-type': 'application/grpc',
      });
      stream.on('error', () => {});
      return stream;
    };
    const listen = call('/test.Echo/Stream');
    listen.end(frame('open,'));
    const streamTrailers = new Promise<IncomingHttpHeaders>((resolve) =>
      listen.on('trailers', resolve),
    );
    listen.resume();
    let finishUnary = () => {};
    hooks.unary = (request) =>
      new Promise((resolve) => (finishUnary = () => resolve(request.request)));
    const slow = call('/test.Echo/Unary');
    slow.end(frame('slow'));
    const unaryTrailers = new Promise<IncomingHttpHeaders>((resolve) =>
      slow.on('trailers', resolve),
    );
    slow.resume();
    await until(() => hooks.streamSeen !== undefined);

    let closed = false;
    const closing = server.close().then(() => (closed = true));
    expect(await streamTrailers).toMatchObject({
      'grpc-status': String(Status.UNAVAILABLE),
      'grpc-message': 'the server is shutting down',
    });
    await until(() => hooks.streamSeen!.includes('close'));
    expect(hooks.streamSeen).toEqual(['cancelled', 'close']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(closed).toBe(false);
    finishUnary();
    expect((await unaryTrailers)['grpc-status']).toBe('0');
    await closing;
    expect(session.closed || session.destroyed).toBe(true);
  });
});

describe('limits', () => {
  /** A second transport with `limits`, for one test; closed after it. */
  async function limited(limits: Partial<TransportLimits>): Promise<string> {
    const server = await start(limits);
    const port = await server.listen('127.0.0.1', 0);
    onTestFinished(() => server.close(100));
    return `127.0.0.1:${port}`;
  }

  const gone = (session: ClientHttp2Session) =>
    new Promise<void>((resolve) => {
      if (session.destroyed) resolve();
      else session.once('close', () => resolve());
    });

  it('lets grpc-js queue calls past the concurrent-stream limit, and completes them all', async () => {
    const to = await limited({ maxConcurrentStreams: 20 });
    let inFlight = 0;
    let most = 0;
    let limitReached = () => {};
    const reached = new Promise<void>((resolve) => (limitReached = resolve));
    // Every call waits until 20 are in at once: the limit is reached, and not passed.
    hooks.unary = async (call) => {
      most = Math.max(most, ++inFlight);
      if (inFlight === 20) limitReached();
      await reached;
      inFlight--;
      return call.request;
    };
    const client = echoClient(to);
    const calls = Array.from(
      { length: 200 },
      (_v, i) =>
        new Promise<string>((resolve, reject) =>
          client['Unary']!(Buffer.from(`call ${i}`), (error: Error | null, reply: Buffer) =>
            error ? reject(error) : resolve(reply.toString()),
          ),
        ),
    );
    expect(await Promise.all(calls)).toEqual(Array.from({ length: 200 }, (_v, i) => `call ${i}`));
    expect(most).toBe(20);
    client.close();
  });

  it('tells a unary handler that its client cancelled or went away', async () => {
    const seen: string[] = [];
    hooks.unary = (call) =>
      new Promise((resolve) => {
        call.signal.addEventListener('abort', () => {
          seen.push(`aborted, cancelled ${call.cancelled}`);
          resolve(call.request);
        });
        seen.push(`started, cancelled ${call.cancelled}`);
      });
    const reset = request(open(), '/test.Echo/Unary');
    reset.stream.end(frame('reset'));
    await until(() => seen.length === 1);
    reset.stream.close(constants.NGHTTP2_CANCEL);
    await until(() => seen.length === 2);
    const session = open();
    request(session, '/test.Echo/Unary').stream.end(frame('lost'));
    await until(() => seen.length === 3);
    session.destroy();
    await until(() => seen.length === 4);
    expect(seen).toEqual([
      'started, cancelled false',
      'aborted, cancelled true',
      'started, cancelled false',
      'aborted, cancelled true',
    ]);
  });

  it('resets a stream whose client does not read it, and serves its other calls', async () => {
    const to = await limited({ maxUnsentBytesPerCall: 256 * 1024 });
    let written = 0;
    hooks.stream = (call) => {
      const message = Buffer.alloc(16 * 1024);
      const pump = () => {
        if (call.cancelled || written === 1000) return;
        call.write(message);
        written++;
        setImmediate(pump);
      };
      pump();
    };
    const session = open(to);
    const stalled = request(session, '/test.Echo/Stream');
    stalled.stream.end(frame('never read'));
    stalled.stream.pause();
    await until(() => hooks.streamSeen?.includes('close') === true);
    expect(hooks.streamSeen).toEqual(['cancelled', 'close']);
    // The server's stream closes as it sends the reset; the client's once the frame arrives.
    // (rstCode reads 0, NO_ERROR, until then: only the close says the frame is in.)
    await stalled.answer;
    expect(stalled.stream.rstCode).toBe(constants.NGHTTP2_ENHANCE_YOUR_CALM);
    // Flow control let the client's windows through, then the budget, and no more.
    expect(written * 16 * 1024).toBeLessThan(2 * 1024 * 1024);
    const other = request(session, '/test.Echo/Unary');
    other.stream.end(frame('still served'));
    expect((await other.answer).messages.map(String)).toEqual(['still served']);
  });

  it('closes a connection with no authenticated call by the deadline, and only that', async () => {
    const to = await limited({ authenticationTimeoutMs: 300 });
    hooks.unary = async (call) => {
      if (call.request.toString() === 'trusted') call.authenticated();
      return call.request;
    };
    const trusted = open(to);
    const untrusted = open(to);
    let goaway: number | undefined;
    untrusted.on('goaway', (code) => (goaway = code));
    const trustedCall = request(trusted, '/test.Echo/Unary');
    trustedCall.stream.end(frame('trusted'));
    const untrustedCall = request(untrusted, '/test.Echo/Unary');
    untrustedCall.stream.end(frame('not trusted'));
    await Promise.all([trustedCall.answer, untrustedCall.answer]);
    await gone(untrusted);
    expect(goaway).toBe(constants.NGHTTP2_NO_ERROR);
    // Well past the deadline, the authenticated connection still serves.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const later = request(trusted, '/test.Echo/Unary');
    later.stream.end(frame('later'));
    expect((await later.answer).messages.map(String)).toEqual(['later']);
  });

  it('closes a connection on which nothing arrives, but not one that PINGs', async () => {
    const to = await limited({ idleTimeoutMs: 1_000 });
    const silent = open(to);
    const pinging = open(to);
    const pinger = setInterval(() => {
      if (!pinging.closed) pinging.ping(() => {});
    }, 100);
    onTestFinished(() => clearInterval(pinger));
    await gone(silent);
    // The silent one has gone past its timeout: the pinging one, as long, is still there.
    const call = request(pinging, '/test.Echo/Unary');
    call.stream.end(frame('still here'));
    expect((await call.answer).messages.map(String)).toEqual(['still here']);
  });
});
