/**
 * Compiling and running expressions. A compiled program is cached per environment and
 * expression text, so the hot paths (every event against every filter of the workflows it
 * matches) parse nothing; the cache is bounded, dropping the least recently used.
 */
import { isCelError, parse, plan } from '@bufbuild/cel';
import type { CelEnvironment } from './environments';
import { undeclaredIdentifiers } from './undeclared';

/** An expression that does not compile, with the evaluator's message. */
export class CelCompileError extends Error {
  override name = 'CelCompileError';
}

export type CelOutcome<T> = { ok: true; value: T } | { ok: false; error: string };

export interface CelProgram {
  readonly expression: string;
  /** Evaluates with `bindings`; variables left out get their environment's empty value. */
  evaluate(bindings: Readonly<Record<string, unknown>>): CelOutcome<unknown>;
}

const MAX_CACHED = 10_000;
const MAX_EXPRESSION_LENGTH = 4096;
const caches = new WeakMap<CelEnvironment, Map<string, CelProgram>>();

/** Compiles `expression` for `environment`, or throws CelCompileError saying what is wrong. */
export function compile(environment: CelEnvironment, expression: string): CelProgram {
  let cache = caches.get(environment);
  if (!cache) caches.set(environment, (cache = new Map()));
  const cached = cache.get(expression);
  if (cached) {
    // Re-inserted: a Map iterates in insertion order, so the first key is the least recent.
    cache.delete(expression);
    cache.set(expression, cached);
    return cached;
  }
  const program = build(environment, expression);
  cache.set(expression, program);
  if (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value as string);
  return program;
}

function build(environment: CelEnvironment, expression: string): CelProgram {
  if (expression.trim() === '') throw new CelCompileError('the expression is empty');
  if (expression.length > MAX_EXPRESSION_LENGTH) {
    throw new CelCompileError(`the expression is longer than ${MAX_EXPRESSION_LENGTH} characters`);
  }
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(expression);
  } catch (error) {
    throw new CelCompileError(error instanceof Error ? error.message : String(error));
  }
  const declared = new Set(Object.keys(environment.defaults));
  const unknown = undeclaredIdentifiers(parsed.expr, declared);
  if (unknown.length > 0) {
    throw new CelCompileError(
      `undeclared reference to '${unknown[0]}' (a ${environment.label} may use ${[...declared].join(', ')})`,
    );
  }
  const run = plan(environment.env, parsed);
  return {
    expression,
    evaluate(bindings) {
      let result: unknown;
      try {
        result = run({ ...environment.defaults, ...bindings } as never);
      } catch (error) {
        return { ok: false, error: error instanceof Error ? error.message : String(error) };
      }
      if (isCelError(result)) return { ok: false, error: result.message };
      return { ok: true, value: result };
    },
  };
}

/** What is wrong with `expression` in `environment`, or undefined when it compiles. */
export function compileError(environment: CelEnvironment, expression: string): string | undefined {
  try {
    compile(environment, expression);
    return undefined;
  } catch (error) {
    if (error instanceof CelCompileError) return error.message;
    throw error;
  }
}

/**
 * Compiles (from the cache) and evaluates an expression that must give a bool; a compile
 * error is an outcome like a failed evaluation.
 */
export function evaluateBooleanExpression(
  environment: CelEnvironment,
  expression: string,
  bindings: Readonly<Record<string, unknown>>,
): CelOutcome<boolean> {
  let program: CelProgram;
  try {
    program = compile(environment, expression);
  } catch (error) {
    if (error instanceof CelCompileError) return { ok: false, error: error.message };
    throw error;
  }
  return evaluateBoolean(program, bindings);
}

const typeName = (value: unknown): string =>
  value === null
    ? 'null'
    : typeof value === 'bigint'
      ? 'int'
      : typeof value === 'number'
        ? 'double'
        : typeof value;

/** Evaluates a program whose result must be a bool (filters, conditions). */
export function evaluateBoolean(
  program: CelProgram,
  bindings: Readonly<Record<string, unknown>>,
): CelOutcome<boolean> {
  const outcome = program.evaluate(bindings);
  if (!outcome.ok) return outcome;
  if (typeof outcome.value !== 'boolean') {
    return {
      ok: false,
      error: `the expression must evaluate to a bool, not ${typeName(outcome.value)}`,
    };
  }
  return { ok: true, value: outcome.value };
}

/** Evaluates a program whose result must be a string (webhook event keys, concurrency keys). */
export function evaluateString(
  program: CelProgram,
  bindings: Readonly<Record<string, unknown>>,
): CelOutcome<string> {
  const outcome = program.evaluate(bindings);
  if (!outcome.ok) return outcome;
  if (typeof outcome.value !== 'string') {
    return {
      ok: false,
      error: `the expression must evaluate to a string, not ${typeName(outcome.value)}`,
    };
  }
  return { ok: true, value: outcome.value };
}

/**
 * Evaluates a program whose result must be a whole number (concurrency limits, rate limit
 * units): a CEL int, or a double without a fraction, as JSON numbers arrive.
 */
export function evaluateInteger(
  program: CelProgram,
  bindings: Readonly<Record<string, unknown>>,
): CelOutcome<number> {
  const outcome = program.evaluate(bindings);
  if (!outcome.ok) return outcome;
  const { value } = outcome;
  const number = typeof value === 'bigint' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isSafeInteger(number)) {
    return {
      ok: false,
      error:
        typeof number === 'number'
          ? `the expression must evaluate to a whole number, not ${number}`
          : `the expression must evaluate to an int, not ${typeName(value)}`,
    };
  }
  return { ok: true, value: number };
}

/**
 * Evaluates a program whose result is a key (concurrency, idempotency): a string, or a number
 * or bool as its text, since a numeric id (`input.customer_id`) is the commonest key.
 */
export function evaluateKey(
  program: CelProgram,
  bindings: Readonly<Record<string, unknown>>,
): CelOutcome<string> {
  const outcome = program.evaluate(bindings);
  if (outcome.ok && ['number', 'bigint', 'boolean'].includes(typeof outcome.value)) {
    return { ok: true, value: String(outcome.value) };
  }
  return evaluateString(program, bindings);
}
