/**
 * Turning failures into gRPC statuses: engine errors keep their code and message; anything
 * unexpected becomes INTERNAL with a generic message (the detail goes to the server log).
 */
import { EngineError, type EngineErrorCode } from '@trellis/engine';
import { logContextOf, type LogContext } from '../observability/log-context';
import { describeUnstorable, findUnstorableValue } from '../storable-values';
import { idempotencyCollisionError } from './status-details';
import { GrpcError, Status, type StatusCode } from './transport/status';

const ENGINE_CODES: Record<EngineErrorCode, StatusCode> = {
  INVALID_ARGUMENT: Status.INVALID_ARGUMENT,
  NOT_FOUND: Status.NOT_FOUND,
  ALREADY_EXISTS: Status.ALREADY_EXISTS,
  FAILED_PRECONDITION: Status.FAILED_PRECONDITION,
  RESOURCE_EXHAUSTED: Status.RESOURCE_EXHAUSTED,
  UNAVAILABLE: Status.UNAVAILABLE,
  UNIMPLEMENTED: Status.UNIMPLEMENTED,
};

export function toServiceError(
  error: unknown,
  log: (message: string, error: unknown, context?: LogContext) => void,
): GrpcError {
  if (error instanceof GrpcError) return error;
  if (error instanceof EngineError && error.collisions) {
    return idempotencyCollisionError(error.message, error.collisions, false);
  }
  if (error instanceof EngineError) return new GrpcError(ENGINE_CODES[error.code], error.message);
  log('grpc: unexpected error', error, logContextOf(error));
  return new GrpcError(Status.INTERNAL, 'internal error');
}

export function invalid(message: string): GrpcError {
  return new GrpcError(Status.INVALID_ARGUMENT, message);
}

/** Parses a JSON text field; empty means `fallback`. */
export function parseJsonField(
  text: string | undefined,
  field: string,
  fallback: unknown = {},
): unknown {
  if (text === undefined || text === '') return fallback;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalid(`${field} is not valid JSON`);
  }
  // JSON escapes (`\u0000`) and nesting make values that cannot be stored either.
  const unstorable = findUnstorableValue(value);
  if (unstorable) throw invalid(describeUnstorable(unstorable, field));
  return value;
}

/** Parses a JSON object field (metadata); empty means {}. */
export function parseJsonObject(text: string | undefined, field: string): Record<string, unknown> {
  const value = parseJsonField(text, field, {});
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw invalid(`${field} must be a JSON object`);
  }
  return value as Record<string, unknown>;
}
