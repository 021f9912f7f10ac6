/**
 * A small gRPC server on node:http2 (the core 'stream' API): routes `POST /<service>/<Method>`
 * to handlers, for the unary, server-streaming and bidirectional methods of proto-loader
 * service definitions. It replaced grpc-js's Server, which used 25–55% more server CPU per
 * call for the same work (bench/src/grpc measures it).
 *
 * HTTP/2 settings are node's defaults, which suit gRPC: no limit on concurrent streams (a
 * worker holds long-lived streams while the load generator fires hundreds of unary calls),
 * and PINGs are answered by node itself with no rate policing, so the SDK's keepalive ping
 * every 10 s, with or without calls, never draws a GOAWAY.
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
import { GrpcError, Status } from './status';

export interface GrpcTransportOptions extends CallOptions {
  /** PEM certificate chain and private key: serve TLS (HTTP/2 negotiated by ALPN) only. */
  tls?: { cert: Buffer; key: Buffer } | undefined;
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
  private readonly routes = new Map<string, Route>();
  private readonly sessions = new Set<ServerHttp2Session>();
  private readonly streamingCalls = new Set<StreamingServerCall>();
  private closing: Promise<void> | undefined;

  constructor(private readonly options: GrpcTransportOptions) {
    // grpc-js lifts node's per-session memory cap (10 MB) the same way: past it node refuses
    // new streams, and one connection may carry hundreds of calls with messages up to 4 MiB.
    const serverOptions = { maxSessionMemory: Number.MAX_SAFE_INTEGER };
    if (options.tls) {
      const server = createSecureServer({ ...serverOptions, ...options.tls });
      // A TLS socket can fail before its HTTP/2 session takes it over, and an 'error' without
      // a listener would crash the process (nodejs/node#35824); the socket is gone anyway.
      server.on('secureConnection', (socket) => socket.on('error', ignore));
      this.server = server;
    } else {
      this.server = createServer(serverOptions);
    }
    this.server.on('session', (session: ServerHttp2Session) => {
      this.sessions.add(session);
      session.once('close', () => this.sessions.delete(session));
    });
    this.server.on('stream', (stream: ServerHttp2Stream, headers: IncomingHttpHeaders) =>
      this.route(stream, headers),
    );
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
      // GOAWAY: no new streams; each session closes once its last stream has.
      for (const session of this.sessions) session.close();
    });
    return this.closing;
  }

  private route(stream: ServerHttp2Stream, headers: IncomingHttpHeaders): void {
    // Stream errors (a reset, a lost connection) are followed by 'close', which ends the call.
    stream.on('error', ignore);
    if (headers[':method'] !== 'POST') {
      stream.respond({ ':status': 405, allow: 'POST' }, { endStream: true });
      return;
    }
    if (!GRPC_CONTENT_TYPE.test(headers['content-type'] ?? '')) {
      stream.respond({ ':status': 415 }, { endStream: true });
      return;
    }
    const path = headers[':path'] ?? '';
    const route = this.routes.get(path);
    if (route === undefined) {
      respondWithStatus(
        stream,
        new GrpcError(Status.UNIMPLEMENTED, `The server does not implement the method ${path}`),
      );
      return;
    }
    if (this.closing) {
      respondWithStatus(stream, new GrpcError(Status.UNAVAILABLE, 'the server is shutting down'));
      return;
    }
    if (!route.streaming) {
      new UnaryServerCall(stream, headers, route.method, this.options, route.handler);
      return;
    }
    const call = new StreamingServerCall(
      stream,
      headers,
      route.method,
      this.options,
      route.handler,
    );
    this.streamingCalls.add(call);
    stream.once('close', () => this.streamingCalls.delete(call));
  }
}
