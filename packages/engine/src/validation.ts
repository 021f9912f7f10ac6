/** Checks on what callers send, before anything is buffered. */
import {
  CelCompileError,
  compile,
  EVENT_FILTER,
  PARENT_OUTPUT,
  RUN_EXPRESSION,
  type CelEnvironment,
} from '@trellis/cel';
import { CronError, parseCron } from '@trellis/cron';
import { EngineError } from './errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

export function assertUuid(value: string, what: string): void {
  if (!isUuid(value)) throw new EngineError('INVALID_ARGUMENT', `${what} "${value}" is not a UUID`);
}

/** Refuses a JSON text (input, output, metadata, log line) larger than `maxBytes`. */
export function assertPayloadSize(text: string, what: string, maxBytes: number): void {
  if (Buffer.byteLength(text) > maxBytes) {
    throw new EngineError('RESOURCE_EXHAUSTED', `the ${what} is larger than ${maxBytes} bytes`);
  }
}

/** The same for a value, measured as the JSON it is stored as. */
export function assertJsonSize(value: unknown, what: string, maxBytes: number): void {
  assertPayloadSize(JSON.stringify(value) ?? '', what, maxBytes);
}

/** A cron string the ticker can schedule, or INVALID_ARGUMENT with the spec's message. */
export function assertCron(expression: string, where = ''): void {
  try {
    parseCron(expression);
  } catch (error) {
    if (!(error instanceof CronError)) throw error;
    throw new EngineError('INVALID_ARGUMENT', `${where}${error.message}`);
  }
}

/**
 * A CEL expression over a run's input and metadata (concurrency keys and limits, rate limit
 * keys and units) must compile: a typo would otherwise refuse every run at trigger time.
 */
export function assertRunExpression(expression: string, what: string): void {
  assertCompiles(RUN_EXPRESSION, expression, what);
}

/** The same for an expression over an event (a durable task's wait for one). */
export function assertEventExpression(expression: string, what: string): void {
  assertCompiles(EVENT_FILTER, expression, what);
}

export function assertParentExpression(expression: string, what: string): void {
  assertCompiles(PARENT_OUTPUT, expression, what);
}

function assertCompiles(environment: CelEnvironment, expression: string, what: string): void {
  try {
    compile(environment, expression);
  } catch (error) {
    if (!(error instanceof CelCompileError)) throw error;
    throw new EngineError('INVALID_ARGUMENT', `${what} does not compile: ${error.message}`);
  }
}
