/**
 * Workflow idempotency: a CEL key over a run's input and metadata; while a run holds its key,
 * another trigger with the same key is refused (ALREADY_EXISTS, naming the run that holds it).
 * TTL: the key is held for `ttlMs` after the run was triggered. STATUS: while the run is not
 * finished, `ttlMs` being the longest it is held. Keys are claimed in the trigger's
 * transaction (queries/idempotency.queries.ts), so two processes cannot both take one.
 */
import { compile, evaluateKey, RUN_EXPRESSION } from '@trellis/cel';
import { EngineError } from './errors';
import { assertRunExpression } from './validation';

export type IdempotencyMethod = 'TTL' | 'STATUS';

export interface IdempotencyInput {
  expression: string;
  ttlMs: number;
  method?: string | undefined;
}

export interface IdempotencyDefinition {
  expression: string;
  ttlMs: number;
  method: IdempotencyMethod;
}

const MAX_KEY_LENGTH = 512;

export function normaliseIdempotency(
  input: IdempotencyInput | undefined,
  workflow: string,
): IdempotencyDefinition | null {
  if (!input) return null;
  const what = `workflow "${workflow}": idempotency`;
  assertRunExpression(input.expression, `${what} key "${input.expression}"`);
  if (!Number.isSafeInteger(input.ttlMs) || input.ttlMs < 1) {
    throw new EngineError('INVALID_ARGUMENT', `${what}: the TTL must be at least 1 ms`);
  }
  const method = input.method || 'TTL';
  if (method !== 'TTL' && method !== 'STATUS') {
    throw new EngineError('INVALID_ARGUMENT', `${what}: unknown method ${method}`);
  }
  return { expression: input.expression, ttlMs: input.ttlMs, method };
}

/** The run's key, or why it cannot be worked out (the trigger is refused). */
export function idempotencyKeyOf(
  definition: IdempotencyDefinition,
  input: unknown,
  additionalMetadata: Record<string, unknown>,
): { ok: true; key: string } | { ok: false; error: string } {
  const bindings = { input: input ?? {}, additional_metadata: additionalMetadata };
  const key = evaluateKey(compile(RUN_EXPRESSION, definition.expression), bindings);
  if (!key.ok)
    return { ok: false, error: `idempotency key "${definition.expression}": ${key.error}` };
  if (key.value.length > MAX_KEY_LENGTH) {
    return { ok: false, error: `idempotency key is longer than ${MAX_KEY_LENGTH} characters` };
  }
  return { ok: true, key: key.value };
}
