/**
 * Errors the engine reports to its callers, with a code the transport maps to its own
 * (gRPC status, HTTP status). The message is meant for the person reading the client's log.
 */
export type EngineErrorCode =
  'INVALID_ARGUMENT' | 'NOT_FOUND' | 'FAILED_PRECONDITION' | 'RESOURCE_EXHAUSTED' | 'UNAVAILABLE';

export class EngineError extends Error {
  constructor(
    readonly code: EngineErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'EngineError';
  }
}
