/**
 * Relaying calls between two transports: A's relay hook sends calls to B (through a TCP proxy
 * that counts B's connections and can cut them, as if B's process died), and clients of A see
 * B's answers. Clients are grpc-js, or raw node:http2 where headers and timing of bytes matter.
 */
import * as grpc from '@grpc/grpc-js';
import type { ServiceDefinition } from '@grpc/proto-loader';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import {
  connect,
  constants,
  type ClientHttp2Session,
  type IncomingHttpHeaders,
  type OutgoingHttpHeaders,
} from 'node:http2';
import { createServer, connect as connectTcp, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { BidiStreamingCall, ServerStreamingCall, UnaryCall } from './calls';
import { makeSelfSignedCertificate } from '../../../test/self-signed-certificate';
import { frame, rawMethod as rawEchoMethod, unframe } from '../../../test/protocol/raw-grpc';
import type { RelayHook } from './relay';
import { GrpcTransport, type GrpcTransportOptions } from './server';
import { GrpcError, Status } from './status';

const rawMethod = (name: string, requestStream: boolean, responseStream: boolean) =>
  rawEchoMethod('test.Echo', name, requestStream, responseStream);

const echoDefinition: ServiceDefinition = {
  Unary: rawMethod('Unary', false, false),
  Stream: rawMethod('Stream', false, true),
  Bidi: rawMethod('Bidi', true, true),
};

type Client = grpc.Client & {
  Unary: (
    request: Buffer,
    metadata: grpc.Metadata,
    done: (error: grpc.ServiceError | null, reply: Buffer) => void,
  ) => grpc.ClientUnaryCall;
  Stream: (request: Buffer) => grpc.ClientReadableStream<Buffer>;
  Bidi: () => grpc.ClientDuplexStream<Buffer, Buffer>;
};

/** What one transport's handlers saw and do; `name` prefixes its unary answers. */
interface Side {
  name: string;
  metadata: IncomingHttpHeaders[];
  /** Events of the streaming calls, in order. */
  seen: string[];
  /** Replaces the Stream method's behaviour (by default it writes `count` messages). */
  stream?: (call: ServerStreamingCall<Buffer, Buffer>) => void;
  unaryError?: GrpcError;
}

function side(name: string): Side {
  return { name, metadata: [], seen: [] };
}

/** A message of `index`'s own size and bytes, so that a lost or reordered byte shows. */
function message(index: number): Buffer {
  return Buffer.alloc(1 + ((index * 7919) % 20_000), index % 251);
}

function transport(of: Side, options: Partial<GrpcTransportOptions> = {}): GrpcTransport {
  const server = new GrpcTransport({
    maxMessageBytes: 64 * 1024,
    toStatus: () => new GrpcError(Status.INTERNAL, 'internal error'),
    ...options,
  });
  const watch = (call: BidiStreamingCall<Buffer, Buffer>) => {
    of.metadata.push(call.metadata);
    call.on('end', () => of.seen.push('end'));
    call.on('cancelled', () => of.seen.push('cancelled'));
    call.on('close', () => of.seen.push('close'));
  };
  server.addService(echoDefinition, {
    Unary: async (call: UnaryCall<Buffer>) => {
      of.metadata.push(call.metadata);
      if (of.unaryError) throw of.unaryError;
      return Buffer.from(`${of.name}:${call.request.toString()}`);
    },
    Stream: async (call: ServerStreamingCall<Buffer, Buffer>) => {
      watch(call);
      if (of.stream) {
        of.stream(call);
        return;
      }
      const count = Number(call.request.toString());
      for (let i = 0; i < count; i++) call.write(message(i));
      call.end();
    },
    Bidi: async (call: BidiStreamingCall<Buffer, Buffer>) => {
      watch(call);
      call.on('data', (data) => call.write(data));
      call.on('end', () => call.end());
    },
  });
  return server;
}

async function listen(server: GrpcTransport): Promise<string> {
  const port = await server.listen('127.0.0.1', 0);
  onTestFinished(() => server.close(0));
  return `127.0.0.1:${port}`;
}

/** A TCP proxy to `to`: counts the connections made through it, and can cut them all. */
async function proxy(to: string): Promise<{ address: string; connections: number; cut(): void }> {
  const [host, port] = to.split(':') as [string, string];
  const sockets = new Set<Socket>();
  const state = {
    address: '',
    connections: 0,
    cut: () => {
      for (const socket of sockets) socket.destroy();
    },
  };
  const server: Server = createServer((client) => {
    state.connections++;
    const upstream = connectTcp(Number(port), host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.address = `127.0.0.1:${(server.address() as { port: number }).port}`;
  onTestFinished(() => {
    state.cut();
    server.close();
  });
  return state;
}

function client(to: string, credentials = grpc.credentials.createInsecure()): Client {
  const same = (bytes: Buffer) => bytes;
  const definition = Object.fromEntries(
    Object.values(echoDefinition).map((method) => [
      method.path.split('/')[2],
      { ...method, requestSerialize: same, responseDeserialize: same },
    ]),
  );
  const Constructor = grpc.makeGenericClientConstructor(definition, 'Echo');
  const made = new Constructor(to, credentials) as unknown as Client;
  onTestFinished(() => made.close());
  return made;
}

function unary(to: Client, text: string, metadata = new grpc.Metadata()): Promise<string> {
  return new Promise((resolve, reject) =>
    to.Unary(Buffer.from(text), metadata, (error, reply) =>
      error ? reject(error) : resolve(reply.toString()),
    ),
  );
}

function failure(call: Promise<unknown>): Promise<grpc.ServiceError> {
  return call.then(
    () => {
      throw new Error('the call succeeded');
    },
    (error: grpc.ServiceError) => error,
  );
}

/** Reads a stream to its end: its messages, or the error it ended with after them. */
function collect(
  call: grpc.ClientReadableStream<Buffer> | grpc.ClientDuplexStream<Buffer, Buffer>,
): Promise<{ messages: Buffer[]; error: grpc.ServiceError | undefined }> {
  return new Promise((resolve) => {
    const messages: Buffer[] = [];
    call.on('data', (data: Buffer) => messages.push(data));
    call.on('error', (error: grpc.ServiceError) => resolve({ messages, error }));
    call.on('end', () => resolve({ messages, error: undefined }));
  });
}

/** Whether two lists of messages are equal (toEqual compares large buffers byte by byte, slowly). */
function same(got: Buffer[], expected: Buffer[]): boolean {
  return got.length === expected.length && got.every((each, i) => each.equals(expected[i]!));
}

const until = async (check: () => boolean) => {
  const deadline = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

/** A raw HTTP/2 call whose whole body is written with its headers, before any answer. */
function rawCall(
  to: string,
  path: string,
  body: Buffer,
  headers: OutgoingHttpHeaders = {},
): Promise<{ headers: IncomingHttpHeaders; trailers?: IncomingHttpHeaders; messages: Buffer[] }> {
  const session: ClientHttp2Session = connect(`http://${to}`);
  session.on('error', () => {});
  onTestFinished(() => session.destroy());
  const stream = session.request({
    ':method': 'POST',
    ':path': path,
    'content-type': 'application/grpc',
    te: 'trailers',
    ...headers,
  });
  stream.end(body);
  return new Promise((resolve) => {
    const answer: { headers: IncomingHttpHeaders; trailers?: IncomingHttpHeaders } = {
      headers: {},
    };
    const chunks: Buffer[] = [];
    stream.on('error', () => {});
    stream.on('response', (h) => (answer.headers = h));
    stream.on('trailers', (t) => (answer.trailers = t));
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('close', () => resolve({ ...answer, messages: unframe(Buffer.concat(chunks)) }));
  });
}

const a = side('A');
const b = side('B');
/** What A's relay hook does; by default it relays everything to B through its proxy. */
let hook: RelayHook;
let hookCalls = 0;
let addressOfA: string;
let toB: Awaited<ReturnType<typeof proxy>>;

function relayingTransport(of: Side, options: Partial<GrpcTransportOptions> = {}) {
  return transport(of, {
    relay: (headers) => {
      hookCalls++;
      return hook(headers);
    },
    ...options,
  });
}

beforeAll(async () => {
  const serverA = relayingTransport(a);
  addressOfA = `127.0.0.1:${await serverA.listen('127.0.0.1', 0)}`;
  return () => serverA.close(0);
});

afterEach(() => {
  for (const of of [a, b]) {
    of.metadata.length = 0;
    of.seen.length = 0;
    delete of.stream;
    delete of.unaryError;
  }
});

/** Points A's hook at a fresh proxy to B (so each test counts its own connections). */
async function relayToB(): Promise<void> {
  const serverB = transport(b);
  toB = await proxy(await listen(serverB));
  hook = async () => toB.address;
}

describe('relaying calls to the process that serves them', () => {
  it('relays a unary call with its metadata, and B answers it', async () => {
    await relayToB();
    const metadata = new grpc.Metadata();
    metadata.set('authorization', 'Bearer token');
    metadata.set('x-custom', 'kept');
    expect(await unary(client(addressOfA), 'hello', metadata)).toBe('B:hello');
    expect(a.metadata).toEqual([]);
    expect(b.metadata[0]).toMatchObject({
      authorization: 'Bearer token',
      'x-custom': 'kept',
      'x-trellis-relayed': '1',
      te: 'trailers',
      'content-type': 'application/grpc',
    });
  });

  it("relays an error's status, message and trailing details, trailers-only as B sent it", async () => {
    await relayToB();
    const details = Buffer.from([1, 2, 3, 250]);
    b.unaryError = new GrpcError(Status.FAILED_PRECONDITION, 'not now ✓ 100%', details);
    const error = await failure(unary(client(addressOfA), 'x'));
    expect(error.code).toBe(Status.FAILED_PRECONDITION);
    expect(error.details).toBe('not now ✓ 100%');
    expect(error.metadata.get('grpc-status-details-bin')).toEqual([details]);

    const raw = await rawCall(addressOfA, '/test.Echo/Unary', frame(Buffer.from('x')));
    expect(raw.trailers).toBeUndefined();
    expect(raw.headers).toMatchObject({ ':status': 200, 'grpc-status': '9' });
  });

  it('relays a server stream of many messages, and B sees it end', async () => {
    await relayToB();
    const { messages, error } = await collect(client(addressOfA).Stream(Buffer.from('600')));
    expect(error).toBeUndefined();
    expect(
      same(
        messages,
        Array.from({ length: 600 }, (_v, i) => message(i)),
      ),
    ).toBe(true);
    await until(() => b.seen.includes('close'));
  });

  it('relays a bidirectional stream with many messages both ways', async () => {
    await relayToB();
    const call = client(addressOfA).Bidi();
    const answer = collect(call);
    const sent = Array.from({ length: 600 }, (_v, i) => message(i));
    for (const each of sent) call.write(each);
    call.end();
    const { messages, error } = await answer;
    expect(error).toBeUndefined();
    expect(same(messages, sent)).toBe(true);
    await until(() => b.seen.includes('close'));
    expect(b.seen).toEqual(['end', 'close']);
  });

  it("passes a client's cancellation on to B's handler", async () => {
    await relayToB();
    b.stream = (call) => call.write(message(1));
    const call = client(addressOfA).Stream(Buffer.from('held'));
    const answer = collect(call);
    await new Promise((resolve) => call.once('data', resolve));
    call.cancel();
    expect((await answer).error?.code).toBe(Status.CANCELLED);
    await until(() => b.seen.includes('close'));
    expect(b.seen).toEqual(['cancelled', 'close']);
  });

  it('ends a stream with UNAVAILABLE when B goes mid-stream, and reconnects for the next call', async () => {
    await relayToB();
    b.stream = (call) => {
      for (let i = 0; i < 3; i++) call.write(message(i));
    };
    const call = client(addressOfA).Stream(Buffer.from('held'));
    const answer = collect(call);
    const received: Buffer[] = [];
    call.on('data', (data: Buffer) => received.push(data));
    await until(() => received.length === 3);
    toB.cut();
    const { messages, error } = await answer;
    expect(messages).toEqual([message(0), message(1), message(2)]);
    expect(error?.code).toBe(Status.UNAVAILABLE);
    expect(error?.details).toContain(toB.address);
    expect(await unary(client(addressOfA), 'again')).toBe('B:again');
    expect(toB.connections).toBe(2);
  });

  it('answers UNAVAILABLE naming the peer when it cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const peer = `127.0.0.1:${(closed.address() as { port: number }).port}`;
    await new Promise((resolve) => closed.close(resolve));
    hook = async () => peer;
    const error = await failure(unary(client(addressOfA), 'x'));
    expect(error.code).toBe(Status.UNAVAILABLE);
    expect(error.details).toContain(peer);
    expect(error.details).toContain('retry');
  });

  it("answers with the status the hook throws, and UNAVAILABLE for an address it can't use", async () => {
    hook = async () => {
      throw new GrpcError(Status.UNAUTHENTICATED, 'bad token');
    };
    const refused = await failure(unary(client(addressOfA), 'x'));
    expect([refused.code, refused.details]).toEqual([Status.UNAUTHENTICATED, 'bad token']);
    hook = async () => 'not an address';
    expect((await failure(unary(client(addressOfA), 'x'))).code).toBe(Status.UNAVAILABLE);
  });

  it('serves a call relayed already without asking the hook', async () => {
    await relayToB();
    const before = hookCalls;
    const metadata = new grpc.Metadata();
    metadata.set('x-trellis-relayed', '1');
    expect(await unary(client(addressOfA), 'here', metadata)).toBe('A:here');
    expect(hookCalls).toBe(before);
    expect(await unary(client(addressOfA), 'there')).toBe('B:there');
    expect(hookCalls).toBe(before + 1);
  });

  it('relays every call to a peer over one session', async () => {
    await relayToB();
    const clients = [client(addressOfA), client(addressOfA), client(addressOfA)];
    const calls = Array.from({ length: 90 }, (_v, i) => unary(clients[i % 3]!, `call ${i}`));
    expect(await Promise.all(calls)).toEqual(Array.from({ length: 90 }, (_v, i) => `B:call ${i}`));
    const streams = await Promise.all(
      clients.map((each) => collect(each.Stream(Buffer.from('5')))),
    );
    expect(streams.map((each) => each.messages.length)).toEqual([5, 5, 5]);
    expect(toB.connections).toBe(1);
  });

  it('loses no request bytes sent while the hook decides, served here or relayed', async () => {
    await relayToB();
    const sent = Array.from({ length: 40 }, (_v, i) => message(i));
    // More than the stream's initial flow-control window, all written at once with the headers.
    const body = Buffer.concat(sent.map((m) => frame(m)));
    expect(body.length).toBeGreaterThan(65_535);
    for (const peer of [undefined, toB.address]) {
      hook = () => new Promise((resolve) => setTimeout(() => resolve(peer), 50));
      const answer = await rawCall(addressOfA, '/test.Echo/Bidi', body);
      expect(answer.trailers?.['grpc-status']).toBe('0');
      expect(same(answer.messages, sent)).toBe(true);
    }
    expect(a.seen).toEqual(['end', 'close']);
    expect(b.seen).toEqual(['end', 'close']);
  });

  it('holds a stream its client does not read back at B, which resets it as it would its own', async () => {
    const slowB = transport(b, { limits: { maxUnsentBytesPerCall: 256 * 1024 } });
    const viaProxy = await proxy(await listen(slowB));
    hook = async () => viaProxy.address;
    let written = 0;
    b.stream = (call) => {
      const pump = () => {
        if (call.cancelled || written === 1000) return;
        call.write(Buffer.alloc(16 * 1024));
        written++;
        setImmediate(pump);
      };
      pump();
    };
    const session = connect(`http://${addressOfA}`);
    onTestFinished(() => session.destroy());
    const stalled = session.request({
      ':method': 'POST',
      ':path': '/test.Echo/Stream',
      'content-type': 'application/grpc',
    });
    stalled.on('error', () => {});
    const closed = new Promise((resolve) => stalled.once('close', resolve));
    stalled.end(frame(Buffer.from('never read')));
    stalled.pause();
    await until(() => b.seen.includes('close'));
    expect(b.seen).toEqual(['cancelled', 'close']);
    // Flow control let the windows and buffers on the way fill, then B's budget, and no more.
    expect(written * 16 * 1024).toBeLessThan(2 * 1024 * 1024);
    await closed;
    expect(stalled.rstCode).toBe(constants.NGHTTP2_ENHANCE_YOUR_CALM);
  });

  it('ends relayed streams with UNAVAILABLE when it closes, cancelling them at B', async () => {
    await relayToB();
    const closing = relayingTransport(side('closing'));
    const to = await listen(closing);
    b.stream = (call) => call.write(message(1));
    const call = client(to).Stream(Buffer.from('held'));
    const answer = collect(call);
    await new Promise((resolve) => call.once('data', resolve));
    await closing.close(1_000);
    const { error } = await answer;
    expect(error?.code).toBe(Status.UNAVAILABLE);
    await until(() => b.seen.includes('close'));
    expect(b.seen).toEqual(['cancelled', 'close']);
  });
});

describe('relaying over TLS', () => {
  const dir = mkdtempSync(join(tmpdir(), 'trellis-relay-tls-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function certificate(name: string): { cert: Buffer; key: Buffer } {
    const { certFile, keyFile } = makeSelfSignedCertificate(dir, name);
    return { cert: readFileSync(certFile), key: readFileSync(keyFile) };
  }

  it('relays to a peer that presents our certificate, and to no other', async () => {
    const ours = certificate('ours');
    const peer = await listen(transport(b, { tls: ours }));
    const impostor = await listen(transport(side('impostor'), { tls: certificate('other') }));
    const relaying = await listen(relayingTransport(a, { tls: ours }));
    const overTls = () => client(relaying, grpc.credentials.createSsl(ours.cert));

    hook = async () => peer;
    expect(await unary(overTls(), 'secure')).toBe('B:secure');
    const { messages } = await collect(overTls().Stream(Buffer.from('50')));
    expect(messages).toEqual(Array.from({ length: 50 }, (_v, i) => message(i)));

    hook = async () => impostor;
    const error = await failure(unary(overTls(), 'x'));
    expect(error.code).toBe(Status.UNAVAILABLE);
    expect(error.details).toContain(impostor);
  });
});
