/**
 * A small gRPC server: routes `POST /<service>/<Method>` to handlers, for the unary,
 * server-streaming and bidirectional methods of proto-loader service definitions, over our
 * own HTTP/2 connections (./http2). It replaced grpc-js's Server, which used 25–55% more
 * server CPU per call for the same work, and then node:http2, which used twice as much as
 * ./http2 does (bench/src/grpc measures all three).
 *
 * PINGs are answered with no rate policing, so the SDK's keepalive ping every 10 s, with or
 * without calls, never draws a GOAWAY.
 */
import {
  createServer as createNetServer,
  type AddressInfo,
  type Server,
  type Socket,
} from 'node:net';
import { createServer as createTlsServer, type TLSSocket } from 'node:tls';
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
import { Http2ServerConnection } from './http2/connection';
import { encodeHeaderBlock } from './http2/hpack';
import type { ServerStream } from './http2/stream';
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

const METHOD_NOT_ALLOWED = encodeHeaderBlock([
  [':status', '405'],
  ['allow', 'POST'],
]);
const UNSUPPORTED_MEDIA_TYPE = encodeHeaderBlock([[':status', '415']]);

export class GrpcTransport {
  private readonly server: Server;
  private readonly routes = new Map<string, Route>();
  private readonly connections = new Set<Http2ServerConnection>();
  private readonly streamingCalls = new Set<StreamingServerCall>();
  private closing: Promise<void> | undefined;

  constructor(private readonly options: GrpcTransportOptions) {
    if (options.tls) {
      const server = createTlsServer({ ...options.tls, ALPNProtocols: ['h2'] });
      server.on('secureConnection', (socket: TLSSocket) => {
        // gRPC speaks HTTP/2 only; a client that did not negotiate it cannot be served.
        if (socket.alpnProtocol === 'h2') this.connect(socket);
        else socket.destroy();
      });
      // A TLS socket can fail before the handshake ends, and an 'error' without a listener
      // would crash the process (nodejs/node#35824); the socket is gone anyway.
      server.on('tlsClientError', ignore);
      this.server = server;
    } else {
      this.server = createNetServer((socket) => this.connect(socket));
    }
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
        for (const connection of this.connections) connection.destroy();
      }, graceMs);
      this.server.close(() => {
        clearTimeout(force);
        resolve();
      });
      for (const call of this.streamingCalls) call.shutdown();
      // GOAWAY: no new streams; each connection closes once its last stream has.
      for (const connection of this.connections) connection.close();
    });
    return this.closing;
  }

  private connect(socket: Socket): void {
    const connection = new Http2ServerConnection(socket, {
      stream: (stream) => this.route(stream),
      unexpected: (error) => this.options.toStatus(error),
    });
    this.connections.add(connection);
    socket.once('close', () => this.connections.delete(connection));
  }

  private route(stream: ServerStream): void {
    const { headers } = stream;
    if (headers[':method'] !== 'POST') {
      stream.respond(METHOD_NOT_ALLOWED, true);
      return;
    }
    if (!GRPC_CONTENT_TYPE.test(headers['content-type'] ?? '')) {
      stream.respond(UNSUPPORTED_MEDIA_TYPE, true);
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
      new UnaryServerCall(stream, route.method, this.options, route.handler);
      return;
    }
    const call: StreamingServerCall = new StreamingServerCall(
      stream,
      route.method,
      this.options,
      route.handler,
      () => this.streamingCalls.delete(call),
    );
    this.streamingCalls.add(call);
  }
}
