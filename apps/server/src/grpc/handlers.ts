/**
 * Wrappers that authenticate a call, run it, and turn failures into gRPC statuses, so each
 * service handler is written as a plain async function of (tenant, request).
 */
import type {
  handleBidiStreamingCall,
  handleServerStreamingCall,
  handleUnaryCall,
  ServerDuplexStream,
  ServerWritableStream,
} from '@grpc/grpc-js';
import type { Authenticate } from './authenticate';
import { toServiceError } from './grpc-errors';

export interface HandlerContext {
  authenticate: Authenticate;
  log: (message: string, error: unknown) => void;
}

export function unary<Req, Res>(
  ctx: HandlerContext,
  run: (tenantId: string, request: Req) => Promise<Res>,
): handleUnaryCall<Req, Res> {
  return (call, callback) => {
    ctx
      .authenticate(call.metadata)
      .then((tenantId) => run(tenantId, call.request))
      .then(
        (response) => callback(null, response),
        (error: unknown) => callback(toServiceError(error, ctx.log)),
      );
  };
}

export function serverStream<Req, Res>(
  ctx: HandlerContext,
  run: (tenantId: string, call: ServerWritableStream<Req, Res>) => Promise<void>,
): handleServerStreamingCall<Req, Res> {
  return (call) => {
    ctx
      .authenticate(call.metadata)
      .then((tenantId) => run(tenantId, call))
      .catch((error: unknown) => call.emit('error', toServiceError(error, ctx.log)));
  };
}

export function bidiStream<Req, Res>(
  ctx: HandlerContext,
  run: (tenantId: string, call: ServerDuplexStream<Req, Res>) => Promise<void>,
): handleBidiStreamingCall<Req, Res> {
  return (call) => {
    ctx
      .authenticate(call.metadata)
      .then((tenantId) => run(tenantId, call))
      .catch((error: unknown) => call.emit('error', toServiceError(error, ctx.log)));
  };
}
