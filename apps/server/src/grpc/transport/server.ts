/**
 * A small gRPC server on node:http2 (nghttp2, the core 'stream' API): routes
 * `POST /<service>/<Method>` to handlers, for the unary, server-streaming and bidirectional
 * methods of proto-loader service definitions.
 *
 * Why node:http2: the port is reachable before authentication, and nghttp2 brings the HTTP/2
 * defences a hand-written stack has to grow one by one (stream, header and CONTINUATION
 * limits, PING and SETTINGS floods, session memory). Trellis ran on its own HTTP/2 for a while,
 * which cost half the server CPU per call or less: in bench/src/grpc a call here costs 0.173 ms
 * when calls are spaced and 0.050 ms when they batch (0.093 and 0.020 on our own HTTP/2), that
 * is 0.76x and 0.64x what grpc-js's Server costs, and 1.07x and 1.08x what bare node:http2 with
 * no gRPC logic at all costs (bench/README.md).
 *
 * The limits of limits.ts hold every connection: nghttp2 enforces the HTTP/2 settings
 * (concurrent streams, header list size) and the session memory; connection.ts the deadlines,
 * the idle timeout, the reset rate and the byte budgets. PINGs are answered by nghttp2 with no
 * rate policing, so the SDK's keepalive ping every 10 s, with or without calls, never draws a
 * GOAWAY.
 *
 * With a `relay` hook, a call may be relayed to the process that serves its tenant instead
 * (relay.ts): the hook decides before the call is served here, while its request bytes wait
 * unread in the stream.
 */
import {
  createSecureServer,
  createServer,
  type Http2SecureServer,
  type Http2Server,
  type IncomingHttpHeaders,
  type ServerHttp2Session,
  type ServerHttp2Stream,
} from 'node:http2';
import type { AddressInfo } from 'node:net';
import type { ServiceDefinition } from '@grpc/proto-loader';
import {
  respondWithStatus,
  StreamingServerCall,
  UnaryServerCall,
  type CallOptions,
  type MethodCodec,
  type StreamHandler,
  type UnaryHandler,
} from './calls';
import { ClientConnection } from './connection';
import { TRANSPORT_LIMITS, type TransportLimits } from './limits';
import { GrpcRelay, type RelayHook } from './relay';
import { RELAYED_HEADER } from './relayed-call';
import { GrpcError, Status } from './status';

export interface GrpcTransportOptions extends CallOptions {
  /** PEM certificate chain and private key: serve TLS (HTTP/2 negotiated by ALPN) only. */
  tls?: { cert: Buffer; key: Buffer } | undefined;
  /** Limits other than TRANSPORT_LIMITS (tests shorten the deadlines and shrink the budgets). */
  limits?: Partial<TransportLimits> | undefined;
  /**
   * Decides, per call, whether it is served here (undefined) or relayed to the gRPC address
   * (`host:port`) of the process that serves it. Throwing a GrpcError answers the call with that status
   * (e.g. UNAUTHENTICATED for a bad token, UNAVAILABLE when no process serves the tenant now).
   * An address vouches for the call's credentials: its connection is then held to the
   * authentication deadline no longer (limits.ts), as after a call served here authenticates.
   * A call relayed here by another process (RELAYED_HEADER) is served without asking.
   */
  relay?: RelayHook | undefined;
}

/** Handlers by method name, as in the service definition; missing ones answer UNIMPLEMENTED. */
export type ServiceImplementation = Record<
  string,
  UnaryHandler<never, unknown> | StreamHandler<never, never>
>;

type Route =
  | { method: MethodCodec; streaming: false; handler: UnaryHandler<object> }
  | { method: MethodCodec; streaming: true; handler: StreamHandler<object, object> };

const GRPC_CONTENT_TYPE = /^application\/grpc(\+proto)?\s*(;|$)/i;

const ignore = () => {};

export class GrpcTransport {
  private readonly server: Http2Server | Http2SecureServer;
  private readonly limits: TransportLimits;
  private readonly routes = new Map<string, Route>();
  private readonly sessions = new Set<ServerHttp2Session>();
  private readonly streamingCalls = new Set<StreamingServerCall>();
  private readonly relay: GrpcRelay | undefined;
  private closing: Promise<void> | undefined;

  constructor(private readonly options: GrpcTransportOptions) {
    const limits = (this.limits = { ...TRANSPORT_LIMITS, ...options.limits });
    const serverOptions = {
      maxSessionMemory: limits.maxSessionMemoryMb,
      settings: {
        maxConcurrentStreams: limits.maxConcurrentStreams,
        maxHeaderListSize: limits.maxHeaderListBytes,
      },
    };
    if (options.tls) {
      const server = createSecureServer({
        ...serverOptions,
        ...options.tls,
        handshakeTimeout: limits.prefaceTimeoutMs,
        unknownProtocolTimeout: limits.prefaceTimeoutMs,
      });
      // A TLS socket can fail before its HTTP/2 session takes it over, and an 'error' without
      // a listener would crash the process (nodejs/node#35824); the socket is gone anyway.
      server.on('secureConnection', (socket) => socket.on('error', ignore));
      this.server = server;
    } else {
      this.server = createServer(serverOptions);
    }
    if (options.relay) {
      this.relay = new GrpcRelay(
        options.relay,
        options,
        options.tls?.cert,
        limits.maxSessionMemoryMb,
      );
    }
    this.server.maxConnections = limits.maxConnections;
    this.server.on('session', (session: ServerHttp2Session) => this.connect(session));
  }

  addService(definition: ServiceDefinition, implementation: ServiceImplementation): void {
    for (const [name, handler] of Object.entries(implementation)) {
      const method = definition[name];
      if (method === undefined) throw new Error(`${name} is not a method of this service`);
      if (method.requestStream && !method.responseStream) {
        throw new Error(`${method.path}: client-streaming methods are not supported`);
      }
      this.routes.set(
        method.path,
        method.requestStream || method.responseStream
          ? { method, streaming: true, handler: handler as StreamHandler<object, object> }
          : { method, streaming: false, handler: handler as UnaryHandler<object> },
      );
    }
  }

  /** Starts listening; resolves with the port bound (useful with port 0). */
  listen(host: string, port: number): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.server.off('error', reject);
        resolve((this.server.address() as AddressInfo).port);
      });
    });
  }

  /**
   * Stops accepting connections, ends open streams with UNAVAILABLE (SDK workers then
   * reconnect), lets unary calls in flight finish for up to `graceMs`, then drops whatever
   * connections remain.
   */
  close(graceMs = 5_000): Promise<void> {
    this.closing ??= new Promise((resolve) => {
      const force = setTimeout(() => {
        for (const session of this.sessions) session.destroy();
      }, graceMs);
      this.server.close(() => {
        clearTimeout(force);
        resolve();
      });
      for (const call of this.streamingCalls) call.shutdown();
      this.relay?.close();
      // GOAWAY: no new streams; each session closes once its last stream has.
      for (const session of this.sessions) session.close();
    });
    return this.closing;
  }

  private connect(session: ServerHttp2Session): void {
    const connection = new ClientConnection(session, this.limits);
    this.sessions.add(session);
    session.once('close', () => this.sessions.delete(session));
    session.on('stream', (stream: ServerHttp2Stream, headers: IncomingHttpHeaders) =>
      this.route(stream, headers, connection),
    );
  }

  private route(
    stream: ServerHttp2Stream,
    headers: IncomingHttpHeaders,
    connection: ClientConnection,
  ): void {
    connection.heard = true;
    // Stream errors (a reset, a lost connection) are followed by 'close', which ends the call.
    stream.on('error', ignore);
    const route = this.routes.get(headers[':path'] ?? '');
    if (
      route === undefined ||
      this.closing ||
      headers[':method'] !== 'POST' ||
      !GRPC_CONTENT_TYPE.test(headers['content-type'] ?? '')
    ) {
      this.refuse(stream, headers, connection);
      return;
    }
    const relay = this.relay;
    if (relay !== undefined && headers[RELAYED_HEADER] === undefined) {
      this.decide(stream, headers, route, connection, relay);
      return;
    }
    this.serve(stream, headers, route, connection);
  }

  /**
   * Asks the relay hook where the call is served, then serves or relays it. Meanwhile nothing
   * reads the stream: its request bytes wait in it (and flow control holds the client back)
   * until the call's reader attaches.
   */
  private decide(
    stream: ServerHttp2Stream,
    headers: IncomingHttpHeaders,
    route: Route,
    connection: ClientConnection,
    relay: GrpcRelay,
  ): void {
    // A stream that goes while the hook runs is a call cancelled, and counted as one.
    const closedUndecided = () => {
      connection.streamClosed(stream.rstCode);
      this.options.callEnded?.(route.method.path, Status.CANCELLED);
    };
    stream.once('close', closedUndecided);
    // True once the stream is ours to answer; false if it went while the hook ran (the
    // listener above then counts it as it closes).
    const decided = () => {
      if (stream.closed || stream.destroyed) return false;
      stream.off('close', closedUndecided);
      return true;
    };
    relay
      .choose(headers)
      .then((peer) => {
        if (!decided()) return;
        if (this.closing) throw new GrpcError(Status.UNAVAILABLE, 'the server is shutting down');
        if (peer === undefined) {
          this.serve(stream, headers, route, connection);
        } else {
          relay.relay(stream, headers, peer, route.streaming, connection);
          connection.authenticated();
        }
      })
      .catch((error: unknown) => {
        if (!decided()) return;
        const status = error instanceof GrpcError ? error : this.options.toStatus(error);
        stream.once('close', () => {
          connection.streamClosed(stream.rstCode);
          this.options.callEnded?.(route.method.path, status.code);
        });
        respondWithStatus(stream, status);
      });
  }

  private serve(
    stream: ServerHttp2Stream,
    headers: IncomingHttpHeaders,
    route: Route,
    connection: ClientConnection,
  ): void {
    if (!route.streaming) {
      new UnaryServerCall(stream, headers, route.method, this.options, connection, route.handler);
      return;
    }
    const call: StreamingServerCall = new StreamingServerCall(
      stream,
      headers,
      route.method,
      this.options,
      connection,
      route.handler,
      () => this.streamingCalls.delete(call),
      this.limits.maxUnsentBytesPerCall,
    );
    this.streamingCalls.add(call);
  }

  /** Answers a stream that is no call of ours at once; a call counts its resets itself. */
  private refuse(
    stream: ServerHttp2Stream,
    headers: IncomingHttpHeaders,
    connection: ClientConnection,
  ): void {
    stream.once('close', () => connection.streamClosed(stream.rstCode));
    const path = headers[':path'] ?? '';
    if (headers[':method'] !== 'POST') {
      stream.respond({ ':status': 405, allow: 'POST' }, { endStream: true });
    } else if (!GRPC_CONTENT_TYPE.test(headers['content-type'] ?? '')) {
      stream.respond({ ':status': 415 }, { endStream: true });
    } else if (!this.routes.has(path)) {
      respondWithStatus(
        stream,
        new GrpcError(Status.UNIMPLEMENTED, `The server does not implement the method ${path}`),
      );
    } else {
      respondWithStatus(stream, new GrpcError(Status.UNAVAILABLE, 'the server is shutting down'));
    }
  }
}
