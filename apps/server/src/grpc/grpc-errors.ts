/**
 * Turning failures into gRPC statuses: engine errors keep their code and message; anything
 * unexpected becomes INTERNAL with a generic message (the detail goes to the server log).
 */
import { status, type ServiceError } from '@grpc/grpc-js';
import { EngineError, type EngineErrorCode } from '@trellis/engine';

export class GrpcError extends Error {
  constructor(
    readonly code: status,
    message: string,
  ) {
    super(message);
    this.name = 'GrpcError';
  }
}

const ENGINE_CODES: Record<EngineErrorCode, status> = {
  INVALID_ARGUMENT: status.INVALID_ARGUMENT,
  NOT_FOUND: status.NOT_FOUND,
  FAILED_PRECONDITION: status.FAILED_PRECONDITION,
  RESOURCE_EXHAUSTED: status.RESOURCE_EXHAUSTED,
  UNAVAILABLE: status.UNAVAILABLE,
};

export function toServiceError(
  error: unknown,
  log: (message: string, error: unknown) => void,
): Partial<ServiceError> {
  if (error instanceof GrpcError) return { code: error.code, details: error.message };
  if (error instanceof EngineError)
    return { code: ENGINE_CODES[error.code], details: error.message };
  log('grpc: unexpected error', error);
  return { code: status.INTERNAL, details: 'internal error' };
}

export function invalid(message: string): GrpcError {
  return new GrpcError(status.INVALID_ARGUMENT, message);
}

/** Parses a JSON text field; empty means `fallback`. */
export function parseJsonField(
  text: string | undefined,
  field: string,
  fallback: unknown = {},
): unknown {
  if (text === undefined || text === '') return fallback;
  try {
    return JSON.parse(text);
  } catch {
    throw invalid(`${field} is not valid JSON`);
  }
}

/** Parses a JSON object field (metadata); empty means {}. */
export function parseJsonObject(text: string | undefined, field: string): Record<string, unknown> {
  const value = parseJsonField(text, field, {});
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw invalid(`${field} must be a JSON object`);
  }
  return value as Record<string, unknown>;
}
