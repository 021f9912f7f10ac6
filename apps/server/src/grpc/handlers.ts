/**
 * Wrappers that authenticate a call before running it, so each service handler is written
 * as a plain async function of (tenant, request) or (tenant, call). What a handler throws
 * becomes the call's status through toServiceError (the transport's toStatus).
 */
import type { Authenticate } from './authenticate';
import type {
  BidiStreamingCall,
  ServerStreamingCall,
  StreamHandler,
  UnaryHandler,
} from './transport/calls';

export interface HandlerContext {
  authenticate: Authenticate;
}

export function unary<Req, Res>(
  ctx: HandlerContext,
  run: (tenantId: string, request: Req) => Promise<Res>,
): UnaryHandler<Req, Res> {
  return async (call) => run(await ctx.authenticate(call.metadata), call.request);
}

export function serverStream<Req, Res>(
  ctx: HandlerContext,
  run: (tenantId: string, call: ServerStreamingCall<Req, Res>) => Promise<void>,
): StreamHandler<Req, Res> {
  return async (call) => run(await ctx.authenticate(call.metadata), call);
}

export function bidiStream<Req, Res>(
  ctx: HandlerContext,
  run: (tenantId: string, call: BidiStreamingCall<Req, Res>) => Promise<void>,
): StreamHandler<Req, Res> {
  return async (call) => run(await ctx.authenticate(call.metadata), call);
}
