/**
 * Wrappers that authenticate a call before running it, so each service handler is written
 * as a plain async function of (tenant, request) or (tenant, call). What a handler throws
 * becomes the call's status through toServiceError (the transport's toStatus), marked with the
 * call's tenant and the run or task its message names, for the error's log line.
 *
 * A call whose token checks out tells the transport so (its connection is then no longer held
 * to the deadline for an authenticated call), and a call the client cancelled while its token
 * was checked does no work.
 */
import { logContext, withLogContext } from '../observability/log-context';
import type { ResourceLimits } from '../resource-limits/resource-limits';
import type { Authenticate } from './authenticate';
import type {
  BidiStreamingCall,
  ServerStreamingCall,
  StreamHandler,
  UnaryCall,
  UnaryHandler,
} from './transport/calls';
import { GrpcError, Status } from './transport/status';

export interface HandlerContext {
  authenticate: Authenticate;
  /** Tenant resource limits: registrations, events and triggers go through it. */
  resourceLimits: ResourceLimits;
}

/** The tenant of the call's token, once the call is known to be authenticated and still wanted. */
async function tenantOf(
  ctx: Pick<HandlerContext, 'authenticate'>,
  call: UnaryCall<unknown> | BidiStreamingCall<unknown, unknown>,
): Promise<string> {
  const tenantId = await ctx.authenticate(call.metadata);
  call.authenticated();
  if (call.cancelled) throw new GrpcError(Status.CANCELLED, 'the client cancelled the call');
  return tenantId;
}

export function unary<Req, Res>(
  ctx: Pick<HandlerContext, 'authenticate'>,
  run: (tenantId: string, request: Req) => Promise<Res>,
): UnaryHandler<Req, Res> {
  return async (call) => {
    const tenantId = await tenantOf(ctx, call);
    try {
      return await run(tenantId, call.request);
    } catch (error) {
      throw withLogContext(error, logContext(tenantId, call.request));
    }
  };
}

export function serverStream<Req, Res>(
  ctx: Pick<HandlerContext, 'authenticate'>,
  run: (tenantId: string, call: ServerStreamingCall<Req, Res>) => Promise<void>,
): StreamHandler<Req, Res> {
  return async (call) => {
    const tenantId = await tenantOf(ctx, call);
    try {
      await run(tenantId, call);
    } catch (error) {
      throw withLogContext(error, logContext(tenantId, call.request));
    }
  };
}

export function bidiStream<Req, Res>(
  ctx: Pick<HandlerContext, 'authenticate'>,
  run: (tenantId: string, call: BidiStreamingCall<Req, Res>) => Promise<void>,
): StreamHandler<Req, Res> {
  return async (call) => {
    const tenantId = await tenantOf(ctx, call);
    try {
      await run(tenantId, call);
    } catch (error) {
      throw withLogContext(error, { tenantId });
    }
  };
}
