/**
 * Workflow definitions as PutWorkflow delivers them, normalised (defaults filled, durations in
 * seconds, keys sorted) so that the same definition always gives the same checksum: a new
 * version is stored only when the checksum changes.
 */
import { createHash } from 'node:crypto';
import { CelCompileError, compile, EVENT_FILTER } from '@trellis/cel';
import { normaliseBatch, type BatchDefinition, type BatchInput } from './batches';
import {
  normaliseConcurrency,
  type ConcurrencyDefinition,
  type ConcurrencyInput,
} from './concurrency';
import { parseDuration } from './durations';
import {
  normaliseIdempotency,
  type IdempotencyDefinition,
  type IdempotencyInput,
} from './idempotency';
import {
  normaliseDesiredLabels,
  type DesiredLabel,
  type DesiredLabelInput,
  type StickyStrategy,
} from './placement';
import { normaliseRateLimitUses, type RateLimitUse, type RateLimitUseInput } from './rate-limits';
import { EngineError } from './errors';
import {
  normaliseTaskConditions,
  type TaskCondition,
  type TaskConditionsInput,
} from './task-conditions';
import { assertCron } from './validation';

export interface TaskDefinitionInput {
  readableId: string;
  actionId: string;
  /** Execution timeout, e.g. "60s" (the SDK's default). */
  timeout?: string | undefined;
  /** How long the task may wait for a worker, e.g. "5m". */
  scheduleTimeout?: string | undefined;
  parents?: readonly string[] | undefined;
  retries?: number | undefined;
  backoffFactor?: number | undefined;
  backoffMaxSeconds?: number | undefined;
  /** Units per slot type, e.g. {default: 1}; one type per task is supported. */
  slotRequests?: Readonly<Record<string, number>> | undefined;
  isDurable?: boolean | undefined;
  /** Limits on this task's attempts (`tasks[].concurrency`). */
  concurrency?: readonly ConcurrencyInput[] | undefined;
  /** What each attempt spends of rate limits (`tasks[].rate_limits`). */
  rateLimits?: readonly RateLimitUseInput[] | undefined;
  /** Desired worker labels (`tasks[].worker_labels`). */
  desiredLabels?: Readonly<Record<string, DesiredLabelInput>> | undefined;
  /** Batch settings (`tasks[].batch`): its tasks start together, in batches. */
  batch?: BatchInput | undefined;
  /** What the task waits for once its parents are done, and what skips or cancels it. */
  conditions?: TaskConditionsInput | undefined;
}

/** A filter declared in the workflow's code: it follows the workflow's versions. */
export interface DefaultFilter {
  expression: string;
  scope: string;
  payload: Record<string, unknown>;
}

export interface WorkflowDefinitionInput {
  name: string;
  description?: string | undefined;
  version?: string | undefined;
  tasks: readonly TaskDefinitionInput[];
  onFailureTask?: TaskDefinitionInput | undefined;
  defaultPriority?: number | undefined;
  inputJsonSchema?: unknown;
  /** Event key patterns that trigger the workflow (event-key-pattern.ts). */
  eventTriggers?: readonly string[] | undefined;
  defaultFilters?: readonly DefaultFilter[] | undefined;
  /** Cron strings (optional CRON_TZ= prefix) that start the workflow, all with `cronInput`. */
  cronTriggers?: readonly string[] | undefined;
  cronInput?: Record<string, unknown> | undefined;
  /** Limits on the workflow's runs (`concurrency_arr`, or the deprecated single `concurrency`). */
  concurrency?: readonly ConcurrencyInput[] | undefined;
  /** SOFT or HARD: a run's tasks follow the worker of the task before them. */
  sticky?: string | undefined;
  /** A key that refuses a second run while the first holds it. */
  idempotency?: IdempotencyInput | undefined;
  /**
   * Settings stored with the version but not acted on yet (concurrency, sticky, rate limits,
   * ...): they arrive with later issues.
   */
  extra?: Readonly<Record<string, unknown>> | undefined;
}

export interface StepDefinition {
  readableId: string;
  actionId: string;
  parents: string[];
  retries: number;
  backoffFactor: number | null;
  backoffMaxSeconds: number | null;
  timeoutSeconds: number;
  scheduleTimeoutSeconds: number;
  slotType: string;
  slotUnits: number;
  isOnFailure: boolean;
  isDurable: boolean;
  concurrency: ConcurrencyDefinition[];
  rateLimits: RateLimitUse[];
  desiredLabels: DesiredLabel[];
  /** The workflow's sticky strategy, on each of its steps. */
  sticky: StickyStrategy | null;
  batch: BatchDefinition | null;
  conditions: TaskCondition[] | null;
}

export interface WorkflowDefinition {
  name: string;
  description: string;
  version: string;
  defaultPriority: number;
  inputJsonSchema: unknown;
  steps: StepDefinition[];
  eventTriggers: string[];
  defaultFilters: DefaultFilter[];
  cronTriggers: string[];
  cronInput: Record<string, unknown>;
  concurrency: ConcurrencyDefinition[];
  idempotency: IdempotencyDefinition | null;
  extra: Record<string, unknown>;
}

export const DEFAULT_TIMEOUT_SECONDS = 60;
export const DEFAULT_SCHEDULE_TIMEOUT_SECONDS = 5 * 60;
export const DEFAULT_PRIORITY = 1;
const MAX_RETRIES = 1000;

function seconds(text: string | undefined, fallback: number, what: string): number {
  if (text === undefined || text === '') return fallback;
  const ms = parseDuration(text);
  if (ms === undefined || ms <= 0) {
    throw new EngineError('INVALID_ARGUMENT', `${what} "${text}" is not a duration such as "60s"`);
  }
  return Math.max(1, Math.ceil(ms / 1000));
}

function normaliseStep(
  task: TaskDefinitionInput,
  isOnFailure: boolean,
  sticky: StickyStrategy | null,
): StepDefinition {
  const where = `task "${task.readableId}"`;
  if (!task.readableId) throw new EngineError('INVALID_ARGUMENT', 'a task has no readable_id');
  if (!task.actionId) throw new EngineError('INVALID_ARGUMENT', `${where} has no action`);
  const retries = task.retries ?? 0;
  if (!Number.isInteger(retries) || retries < 0 || retries > MAX_RETRIES) {
    throw new EngineError('INVALID_ARGUMENT', `${where}: retries must be 0..${MAX_RETRIES}`);
  }
  const slots = Object.entries(task.slotRequests ?? {}).filter(([, units]) => units > 0);
  if (slots.length > 1) {
    throw new EngineError('INVALID_ARGUMENT', `${where}: only one slot type per task is supported`);
  }
  const [slotType, slotUnits] = slots[0] ?? [task.isDurable ? 'durable' : 'default', 1];
  const parents = isOnFailure ? [] : [...new Set(task.parents ?? [])].sort();
  return {
    readableId: task.readableId,
    actionId: task.actionId.toLowerCase(),
    parents,
    retries,
    backoffFactor: task.backoffFactor && task.backoffFactor > 0 ? task.backoffFactor : null,
    backoffMaxSeconds:
      task.backoffMaxSeconds && task.backoffMaxSeconds > 0 ? task.backoffMaxSeconds : null,
    timeoutSeconds: seconds(task.timeout, DEFAULT_TIMEOUT_SECONDS, `${where} timeout`),
    scheduleTimeoutSeconds: seconds(
      task.scheduleTimeout,
      DEFAULT_SCHEDULE_TIMEOUT_SECONDS,
      `${where} schedule timeout`,
    ),
    slotType,
    slotUnits,
    isOnFailure,
    isDurable: task.isDurable ?? false,
    concurrency: normaliseConcurrency(task.concurrency ?? [], where),
    rateLimits: normaliseRateLimitUses(task.rateLimits ?? [], where),
    desiredLabels: normaliseDesiredLabels(task.desiredLabels ?? {}, where),
    sticky,
    // An on-failure task runs alone.
    batch: isOnFailure ? null : normaliseBatch(task.batch, where, task.isDurable ?? false),
    conditions: isOnFailure ? null : normaliseTaskConditions(task.conditions, where, parents),
  };
}

/** Validates and normalises; throws INVALID_ARGUMENT with a message naming the problem. */
export function normaliseWorkflow(input: WorkflowDefinitionInput): WorkflowDefinition {
  const name = input.name.trim().toLowerCase();
  if (!name) throw new EngineError('INVALID_ARGUMENT', 'the workflow has no name');
  if (input.tasks.length === 0) {
    throw new EngineError('INVALID_ARGUMENT', `workflow "${name}" has no tasks`);
  }
  const sticky = toSticky(input.sticky, name);
  const steps = input.tasks.map((t) => normaliseStep(t, false, sticky));
  const ids = new Set<string>();
  for (const step of steps) {
    if (ids.has(step.readableId)) {
      throw new EngineError('INVALID_ARGUMENT', `task "${step.readableId}" is declared twice`);
    }
    ids.add(step.readableId);
  }
  for (const step of steps) {
    for (const parent of step.parents) {
      if (!ids.has(parent)) {
        throw new EngineError(
          'INVALID_ARGUMENT',
          `task "${step.readableId}" names unknown parent "${parent}"`,
        );
      }
    }
  }
  assertAcyclic(steps);
  if (input.onFailureTask) steps.push(normaliseStep(input.onFailureTask, true, sticky));
  return {
    name,
    description: input.description ?? '',
    version: input.version ?? '',
    defaultPriority: input.defaultPriority ?? DEFAULT_PRIORITY,
    inputJsonSchema: input.inputJsonSchema ?? null,
    steps,
    eventTriggers: [...new Set(input.eventTriggers ?? [])].filter((key) => key !== '').sort(),
    defaultFilters: normaliseFilters(name, input.defaultFilters ?? []),
    cronTriggers: normaliseCrons(name, input.cronTriggers ?? []),
    cronInput: input.cronInput ?? {},
    concurrency: normaliseConcurrency(input.concurrency ?? [], `workflow "${name}"`),
    idempotency: normaliseIdempotency(input.idempotency, name),
    extra: { ...input.extra },
  };
}

function toSticky(value: string | undefined, workflow: string): StickyStrategy | null {
  if (value === undefined || value === '') return null;
  if (value === 'SOFT' || value === 'HARD') return value;
  throw new EngineError(
    'INVALID_ARGUMENT',
    `workflow "${workflow}": unknown sticky strategy ${value}`,
  );
}

/** Declared filters must compile: a typo would otherwise drop every event in silence. */
function normaliseFilters(workflow: string, filters: readonly DefaultFilter[]): DefaultFilter[] {
  const seen = new Set<string>();
  const result: DefaultFilter[] = [];
  for (const filter of filters) {
    const where = `workflow "${workflow}": default filter "${filter.expression}"`;
    if (!filter.scope) throw new EngineError('INVALID_ARGUMENT', `${where} has no scope`);
    try {
      compile(EVENT_FILTER, filter.expression);
    } catch (error) {
      if (!(error instanceof CelCompileError)) throw error;
      throw new EngineError('INVALID_ARGUMENT', `${where} does not compile: ${error.message}`);
    }
    const key = JSON.stringify([filter.scope, filter.expression]);
    if (seen.has(key)) continue;
    seen.add(key);
    result.push({ expression: filter.expression, scope: filter.scope, payload: filter.payload });
  }
  return result.sort((a, b) => (a.scope + a.expression < b.scope + b.expression ? -1 : 1));
}

/** Declared crons must be schedulable: the spec's message says what is wrong. */
function normaliseCrons(workflow: string, crons: readonly string[]): string[] {
  const result = new Set<string>();
  for (const cron of crons) {
    const text = cron.trim();
    if (text === '') continue;
    assertCron(text, `workflow "${workflow}": cron "${text}": `);
    result.add(text);
  }
  return [...result].sort();
}

function assertAcyclic(steps: readonly StepDefinition[]): void {
  const parents = new Map(steps.map((s) => [s.readableId, s.parents]));
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (id: string): void => {
    if (state.get(id) === 'done') return;
    if (state.get(id) === 'visiting') {
      throw new EngineError('INVALID_ARGUMENT', `the tasks form a cycle through "${id}"`);
    }
    state.set(id, 'visiting');
    for (const parent of parents.get(id) ?? []) visit(parent);
    state.set(id, 'done');
  };
  for (const step of steps) visit(step.readableId);
}

/** JSON with object keys sorted, so equal definitions serialise identically. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function definitionChecksum(definition: WorkflowDefinition): string {
  return createHash('sha256').update(canonicalJson(definition)).digest('hex');
}
