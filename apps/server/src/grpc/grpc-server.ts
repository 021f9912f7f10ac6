/**
 * The Hatchet-compatible gRPC server: plaintext by default, TLS when a certificate is
 * configured, on our own call layer over node:http2 (./transport), with the connection limits
 * of ./transport/limits.ts. Gzip requests are accepted,
 * but responses advertise identity as the only encoding we accept, which the SDK's channel
 * then follows (see framing.ts). Methods not implemented here answer UNIMPLEMENTED.
 */
import { readFileSync } from 'node:fs';
import type { Queryable } from '@trellis/db';
import type { EngineApi, TenantHome } from '@trellis/engine';
import type { ApiTokenSigner } from '../accounts/api-token-signer';
import { ResourceLimits } from '../resource-limits/resource-limits';
import { describeUnstorable, findUnstorableValue } from '../storable-values';
import { adminService } from './admin.service';
import { createAuthenticator } from './authenticate';
import { dispatcherService } from './dispatcher.service';
import { durableService } from './durable.service';
import { eventsService } from './events.service';
import type { LogContext } from '../observability/log-context';
import { invalid, toServiceError } from './grpc-errors';
import type { HandlerContext } from './handlers';
import type { ServiceDefinition } from '@grpc/proto-loader';
import { getServiceDefinition, GRPC_SERVICES, loadProtos } from './proto/load-protos';
import type { TransportLimits } from './transport/limits';
import { GrpcTransport, type ServiceImplementation } from './transport/server';
import { GrpcError, Status } from './transport/status';
import { workflowsService } from './workflows.service';

/** Largest message accepted or sent: the SDK's own default limits. */
export const MAX_MESSAGE_BYTES = 4 * 1024 * 1024;

export interface GrpcServerOptions {
  db: Queryable;
  engine: EngineApi;
  /**
   * Where a tenant is scheduled (cluster/tenant-engines.ts). A call whose token names a tenant
   * scheduled by another process is relayed there whole; absent, every call is served here.
   */
  homeOf?: ((tenantId: string) => Promise<TenantHome>) | undefined;
  signer: ApiTokenSigner;
  host: string;
  port: number;
  tls?: { certFile: string; keyFile: string } | undefined;
  /** Where unexpected failures go, with the call's tenant and run when it has them. */
  log: (message: string, error: unknown, context?: LogContext) => void;
  /** Limits other than the transport's defaults (tests shorten deadlines and shrink budgets). */
  limits?: Partial<TransportLimits> | undefined;
  /** Told of every call's end, with its method's path and status code (the server's metrics). */
  onCallEnded?: ((path: string, code: number) => void) | undefined;
  /** The HTTP app's tenant resource limits (one count for both); none enforced without. */
  resourceLimits?: ResourceLimits | undefined;
}

export interface GrpcServer {
  /** The port bound (useful with port 0). */
  port: number;
  /** Stops accepting calls, ends open streams, and waits briefly for unary calls to finish. */
  close(): Promise<void>;
}

export async function startGrpcServer(options: GrpcServerOptions): Promise<GrpcServer> {
  const authenticate = createAuthenticator(options.db, options.signer);
  const { homeOf } = options;
  const transport = new GrpcTransport({
    relay:
      homeOf &&
      (async (headers) => {
        // The token says the tenant; a token refused here is refused, not relayed.
        const home = await homeOf(await authenticate(headers));
        if (home === undefined) {
          throw new GrpcError(
            Status.UNAVAILABLE,
            'the server process scheduling this tenant is changing; retry',
          );
        }
        return home.here ? undefined : home.addresses.grpc;
      }),
    maxMessageBytes: MAX_MESSAGE_BYTES,
    toStatus: (error) => toServiceError(error, options.log),
    tls: options.tls && {
      cert: readFileSync(options.tls.certFile),
      key: readFileSync(options.tls.keyFile),
    },
    limits: options.limits,
    callEnded: options.onCallEnded,
  });
  const definitions = loadProtos();
  const ctx: HandlerContext = {
    authenticate,
    resourceLimits: options.resourceLimits ?? ResourceLimits.unenforced(options.db),
  };
  const add = (name: string, implementation: ServiceImplementation) =>
    transport.addService(
      refusingUnstorableText(getServiceDefinition(definitions, name)),
      implementation,
    );
  add(GRPC_SERVICES.dispatcher, dispatcherService(options.engine, ctx));
  add(GRPC_SERVICES.events, eventsService(options.engine, ctx));
  add(GRPC_SERVICES.workflows, workflowsService(options.engine, ctx));
  add(GRPC_SERVICES.admin, adminService(options.engine, ctx));
  add(GRPC_SERVICES.durable, durableService(options.engine, ctx));
  const port = await transport.listen(options.host, options.port);
  return { port, close: () => transport.close() };
}

/**
 * The same service, refusing at decode (INVALID_ARGUMENT, naming the field) any request that
 * cannot be stored (../storable-values.ts), before any handler acts on it.
 */
function refusingUnstorableText(definition: ServiceDefinition): ServiceDefinition {
  return Object.fromEntries(
    Object.entries(definition).map(([name, method]) => [
      name,
      {
        ...method,
        requestDeserialize: (bytes: Buffer) => {
          const message = method.requestDeserialize(bytes) as object;
          const unstorable = findUnstorableValue(message);
          if (unstorable) throw invalid(describeUnstorable(unstorable));
          return message;
        },
      },
    ]),
  );
}
