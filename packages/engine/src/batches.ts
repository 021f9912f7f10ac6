/**
 * Batch tasks: a step declared with `batch` does not start one invocation per task. Its queued
 * tasks collect per batch key (a CEL expression over the run's input and metadata, evaluated
 * once at trigger) until `maxSize` of them wait or the first of them has waited
 * `maxIntervalMs`; then the scheduler assigns them together to one worker, in one slot, as one
 * START_BATCH action. `groupMaxRuns` caps how many batches of one key run at once.
 *
 * The task carries its TaskBatch (its key and the step's settings), so a queued task recovered
 * after a restart batches the same way without reading its step.
 */
import { compile, evaluateKey, RUN_EXPRESSION } from '@trellis/cel';
import { EngineError } from './errors';
import { assertRunExpression } from './validation';

/** The SDK's `batch` (v1.TaskBatchConfig), as PutWorkflow sends it. */
export interface BatchInput {
  maxSize: number;
  maxIntervalMs?: number | undefined;
  groupKey?: string | undefined;
  groupMaxRuns?: number | undefined;
}

/** A step's batch settings as a version stores them. */
export interface BatchDefinition {
  maxSize: number;
  /** Without it, a batch waits until it is full. */
  maxIntervalMs: number | null;
  /** CEL over `input` and `additional_metadata`; without it, all the step's tasks share a key. */
  groupKey: string | null;
  /** Batches of one key running at once; unlimited without it. */
  groupMaxRuns: number | null;
}

/** What one task batches under: its key, worked out at trigger, and its step's settings. */
export interface TaskBatch {
  key: string;
  maxSize: number;
  maxIntervalMs: number | null;
  groupMaxRuns: number | null;
}

/** Why a batch left: it was full, or its first task had waited the interval out. */
export type BatchTrigger = 'MAX_SIZE' | 'MAX_INTERVAL';

/** One batch as the scheduler forms it; each member's assignment names it with its index. */
export interface FormedBatch {
  id: string;
  key: string;
  trigger: BatchTrigger;
  formedAt: number;
  /** Members assigned; fewer than taken if some were cancelled before the COMMIT. */
  size: number;
}

/** A bound that keeps one action's payload within what a worker's stream carries well. */
export const MAX_BATCH_SIZE = 1000;
const MAX_KEY_LENGTH = 512;

export function normaliseBatch(
  input: BatchInput | undefined,
  where: string,
  isDurable: boolean,
): BatchDefinition | null {
  if (!input) return null;
  const what = `${where}: batch`;
  if (isDurable) throw new EngineError('INVALID_ARGUMENT', `${what}: a durable task cannot batch`);
  const whole = (value: number | undefined, name: string, max = Number.MAX_SAFE_INTEGER) => {
    if (value === undefined) return null;
    if (!Number.isSafeInteger(value) || value < 1 || value > max) {
      throw new EngineError(
        'INVALID_ARGUMENT',
        `${what}: ${name} must be a whole number from 1 to ${max}, not ${value}`,
      );
    }
    return value;
  };
  const maxSize = whole(input.maxSize, 'the maximum size', MAX_BATCH_SIZE);
  if (maxSize === null) throw new EngineError('INVALID_ARGUMENT', `${what}: needs a maximum size`);
  const groupKey = input.groupKey?.trim() || null;
  if (groupKey !== null) assertRunExpression(groupKey, `${what} group key "${groupKey}"`);
  return {
    maxSize,
    maxIntervalMs: whole(input.maxIntervalMs, 'the maximum interval (ms)'),
    groupKey,
    groupMaxRuns: whole(input.groupMaxRuns, 'the group max runs'),
  };
}

/**
 * Each batching step's TaskBatch for a run (by readable id), or why its group key cannot be
 * worked out on this input (the run is refused).
 */
export function batchesOf(
  steps: readonly { readableId: string; batch: BatchDefinition | null }[],
  input: unknown,
  additionalMetadata: Record<string, unknown>,
): { ok: true; batches: Map<string, TaskBatch> } | { ok: false; error: string } {
  const batches = new Map<string, TaskBatch>();
  const bindings = { input: input ?? {}, additional_metadata: additionalMetadata };
  for (const { readableId, batch } of steps) {
    if (!batch) continue;
    let key = '';
    if (batch.groupKey !== null) {
      const value = evaluateKey(compile(RUN_EXPRESSION, batch.groupKey), bindings);
      if (!value.ok)
        return { ok: false, error: `batch group key "${batch.groupKey}": ${value.error}` };
      if (value.value.length > MAX_KEY_LENGTH) {
        return { ok: false, error: `batch group key is longer than ${MAX_KEY_LENGTH} characters` };
      }
      key = value.value;
    }
    batches.set(readableId, {
      key,
      maxSize: batch.maxSize,
      maxIntervalMs: batch.maxIntervalMs,
      groupMaxRuns: batch.groupMaxRuns,
    });
  }
  return { ok: true, batches };
}
