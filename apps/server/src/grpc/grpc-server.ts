/**
 * The Hatchet-compatible gRPC server: plaintext by default, TLS when a certificate is
 * configured. Gzip requests are accepted (grpc-js decompresses transparently), but responses
 * advertise identity as the only encoding we prefer, which the SDK's channel then follows (see
 * preferIdentityEncoding). Services not listed here answer UNIMPLEMENTED (grpc-js's default
 * for a missing method).
 */
import { readFileSync } from 'node:fs';
import {
  ResponderBuilder,
  Server,
  ServerCredentials,
  ServerInterceptingCall,
  type ServerInterceptor,
} from '@grpc/grpc-js';
import type { Queryable } from '@trellis/db';
import type { Engine } from '@trellis/engine';
import type { ApiTokenSigner } from '../accounts/api-token-signer';
import { adminService } from './admin.service';
import { createAuthenticator } from './authenticate';
import { dispatcherService } from './dispatcher.service';
import { eventsService } from './events.service';
import type { HandlerContext } from './handlers';
import { getServiceDefinition, GRPC_SERVICES, loadProtos } from './proto/load-protos';
import { workflowsService } from './workflows.service';

/** Largest message accepted: the SDK's own default send limit. */
export const MAX_MESSAGE_BYTES = 4 * 1024 * 1024;

export interface GrpcServerOptions {
  db: Queryable;
  engine: Engine;
  signer: ApiTokenSigner;
  host: string;
  port: number;
  tls?: { certFile: string; keyFile: string } | undefined;
  log: (message: string, error: unknown) => void;
}

export interface GrpcServer {
  /** The port bound (useful with port 0). */
  port: number;
  /** Stops accepting calls, ends open streams, and waits briefly for unary calls to finish. */
  close(): Promise<void>;
}

/**
 * The SDK gzips every message it sends, and grpc-js inflates each one through a fresh zlib
 * stream: in the engine benchmark that was the server's largest single cost (about 0.4 ms of
 * CPU per task) for messages of a few hundred bytes. A grpc-js client stops compressing on a
 * channel once a response says the server accepts only identity, so every response says so.
 * Gzip still works for clients that send it anyway.
 */
const preferIdentityEncoding: ServerInterceptor = (_methodDescriptor, call) =>
  new ServerInterceptingCall(
    call,
    new ResponderBuilder()
      .withSendMetadata((metadata, next) => {
        metadata.set('grpc-accept-encoding', 'identity');
        next(metadata);
      })
      .build(),
  );

export async function startGrpcServer(options: GrpcServerOptions): Promise<GrpcServer> {
  const server = new Server({
    'grpc.max_receive_message_length': MAX_MESSAGE_BYTES,
    'grpc.max_send_message_length': MAX_MESSAGE_BYTES,
    // The SDK pings every 10 s even without calls; allow it rather than answer GOAWAY.
    'grpc.keepalive_permit_without_calls': 1,
    'grpc.http2.min_ping_interval_without_data_ms': 5_000,
    interceptors: [preferIdentityEncoding],
  });
  const definitions = loadProtos();
  const ctx: HandlerContext = {
    authenticate: createAuthenticator(options.db, options.signer),
    log: options.log,
  };
  const add = (name: string, impl: ReturnType<typeof dispatcherService>) =>
    server.addService(getServiceDefinition(definitions, name), impl);
  add(GRPC_SERVICES.dispatcher, dispatcherService(options.engine, ctx));
  add(GRPC_SERVICES.events, eventsService(options.engine, ctx));
  add(GRPC_SERVICES.workflows, workflowsService(options.engine, ctx));
  add(GRPC_SERVICES.admin, adminService(options.engine, ctx));

  const credentials = options.tls
    ? ServerCredentials.createSsl(null, [
        {
          cert_chain: readFileSync(options.tls.certFile),
          private_key: readFileSync(options.tls.keyFile),
        },
      ])
    : ServerCredentials.createInsecure();
  const port = await new Promise<number>((resolve, reject) => {
    server.bindAsync(`${options.host}:${options.port}`, credentials, (error, bound) =>
      error ? reject(error) : resolve(bound),
    );
  });
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        const force = setTimeout(() => server.forceShutdown(), 5_000);
        server.tryShutdown(() => {
          clearTimeout(force);
          resolve();
        });
      }),
  };
}
