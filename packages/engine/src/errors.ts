/**
 * Errors the engine reports to its callers, with a code the transport maps to its own
 * (gRPC status, HTTP status). The message is meant for the person reading the client's log.
 */
export type EngineErrorCode =
  | 'INVALID_ARGUMENT'
  | 'NOT_FOUND'
  | 'ALREADY_EXISTS'
  | 'FAILED_PRECONDITION'
  | 'RESOURCE_EXHAUSTED'
  | 'UNAVAILABLE'
  /** Asked of a capability this build does not have yet. */
  | 'UNIMPLEMENTED';

/** A trigger refused because its idempotency key is taken: which runs hold the keys. */
export interface IdempotencyCollisions {
  collisions: { existingRunId: string; collidingRunId: string }[];
  /** The runs of the same request that were created (a bulk trigger is not all or nothing). */
  createdRunIds: string[];
}

export class EngineError extends Error {
  constructor(
    readonly code: EngineErrorCode,
    message: string,
    /** ALREADY_EXISTS from a trigger: what collided, for the SDK's collision error. */
    readonly collisions?: IdempotencyCollisions,
  ) {
    super(message);
    this.name = 'EngineError';
  }
}
