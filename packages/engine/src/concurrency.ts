/**
 * Concurrency limits as workflows declare them, and the claims a run's tasks make on them:
 * each declared limit's key and (possibly dynamic) maximum, evaluated once, when the run is
 * triggered, over its input and additional metadata. The scheduler's gate
 * (concurrency-gate.ts) decides with the claims alone, so nothing is evaluated again when a
 * task waits, retries or is recovered after a restart.
 */
import { compile, evaluateInteger, evaluateKey, RUN_EXPRESSION } from '@trellis/cel';
import { EngineError } from './errors';
import { assertRunExpression } from './validation';

/** Every strategy the SDK can send; the deprecated two are read as their successors. */
export const CONCURRENCY_STRATEGIES = [
  'GROUP_ROUND_ROBIN',
  'CANCEL_IN_PROGRESS',
  'CANCEL_NEWEST',
  'CANCEL_QUEUED_EXCEPT_NEWEST',
  'CANCEL_QUEUED_EXCEPT_OLDEST',
] as const;
export type ConcurrencyStrategy = (typeof CONCURRENCY_STRATEGIES)[number];

const DEPRECATED: Record<string, ConcurrencyStrategy> = {
  DROP_NEWEST: 'CANCEL_NEWEST',
  QUEUE_NEWEST: 'GROUP_ROUND_ROBIN',
};

/** The reference's default when a declaration names no strategy. */
export const DEFAULT_CONCURRENCY_STRATEGY: ConcurrencyStrategy = 'CANCEL_IN_PROGRESS';

/** A limit as PutWorkflow sends it (workflow `concurrency_arr`, or a task's `concurrency`). */
export interface ConcurrencyInput {
  expression: string;
  maxRuns?: number | undefined;
  maxRunsExpression?: string | undefined;
  strategy?: string | undefined;
  name?: string | undefined;
  tenantScoped?: boolean | undefined;
}

/** A limit as a version stores it. */
export interface ConcurrencyDefinition {
  expression: string;
  /** The limit per key, unless `maxRunsExpression` computes it per run. */
  maxRuns: number;
  maxRunsExpression: string | null;
  strategy: ConcurrencyStrategy;
  name: string | null;
  /** Shared by every workflow of the tenant that declares the same name. */
  tenantScoped: boolean;
}

/**
 * WORKFLOW: the run holds its place under the key from its first task's admission until it
 * finishes (one DAG run at a time); TASK: each attempt holds it while queued past the gate or
 * running.
 */
export type ConcurrencyScope = 'WORKFLOW' | 'TASK';

/** One limit a task must pass, with its key and maximum worked out for its run. */
export interface ConcurrencyClaim {
  /** Which limit (tenant-scoped name, or workflow, task and expression), within the tenant. */
  gate: string;
  key: string;
  limit: number;
  strategy: ConcurrencyStrategy;
  scope: ConcurrencyScope;
  /** The declaration's key expression, for the dashboard's "why is this task waiting". */
  expression: string;
}

const MAX_KEY_LENGTH = 512;

export function normaliseConcurrency(
  inputs: readonly ConcurrencyInput[],
  where: string,
): ConcurrencyDefinition[] {
  return inputs.map((input) => {
    const what = `${where}: concurrency "${input.expression}"`;
    const strategy = toStrategy(input.strategy, what);
    assertRunExpression(input.expression, `${what}: the key expression`);
    const maxRunsExpression = input.maxRunsExpression?.trim() || null;
    if (maxRunsExpression !== null) assertRunExpression(maxRunsExpression, `${what}: max runs`);
    const maxRuns = input.maxRuns ?? 1;
    if (!Number.isInteger(maxRuns) || maxRuns < 1) {
      throw new EngineError('INVALID_ARGUMENT', `${what}: max runs must be at least 1`);
    }
    const name = input.name?.trim() || null;
    const tenantScoped = input.tenantScoped ?? false;
    if (tenantScoped && name === null) {
      throw new EngineError('INVALID_ARGUMENT', `${what}: a tenant-scoped limit needs a name`);
    }
    return {
      expression: input.expression,
      maxRuns,
      maxRunsExpression,
      strategy,
      name,
      tenantScoped,
    };
  });
}

function toStrategy(value: string | undefined, what: string): ConcurrencyStrategy {
  if (value === undefined || value === '') return DEFAULT_CONCURRENCY_STRATEGY;
  const known = (CONCURRENCY_STRATEGIES as readonly string[]).includes(value)
    ? (value as ConcurrencyStrategy)
    : DEPRECATED[value];
  if (!known) throw new EngineError('INVALID_ARGUMENT', `${what}: unknown strategy ${value}`);
  return known;
}

/** What a limit's claims are counted under: its name when shared, else where it is declared. */
export function gateOf(
  definition: ConcurrencyDefinition,
  workflowName: string,
  stepReadableId: string | null,
): string {
  if (definition.tenantScoped) return `tenant:${definition.name}`;
  const label = definition.name ?? definition.expression;
  return stepReadableId === null
    ? `${workflowName}:${label}`
    : `${workflowName}/${stepReadableId}:${label}`;
}

export interface ClaimSource {
  workflowName: string;
  concurrency: readonly ConcurrencyDefinition[];
  steps: readonly { readableId: string; concurrency: readonly ConcurrencyDefinition[] }[];
}

/**
 * The claims of each step of a run (by readable id; steps without any are left out), or why
 * they cannot be worked out (a key expression that fails on this input): the run is refused.
 */
export function claimsOf(
  source: ClaimSource,
  input: unknown,
  additionalMetadata: Record<string, unknown>,
): { ok: true; claims: Map<string, ConcurrencyClaim[]> } | { ok: false; error: string } {
  const claims = new Map<string, ConcurrencyClaim[]>();
  if (source.concurrency.length === 0 && source.steps.every((s) => s.concurrency.length === 0)) {
    return { ok: true, claims };
  }
  const bindings = { input: input ?? {}, additional_metadata: additionalMetadata };
  const evaluate = (
    definitions: readonly ConcurrencyDefinition[],
    scope: ConcurrencyScope,
    step: string | null,
  ): ConcurrencyClaim[] =>
    definitions.map((definition) => {
      const key = evaluateKey(compile(RUN_EXPRESSION, definition.expression), bindings);
      if (!key.ok) throw new ClaimError(`concurrency key "${definition.expression}": ${key.error}`);
      if (key.value.length > MAX_KEY_LENGTH) {
        throw new ClaimError(
          `concurrency key "${definition.expression}" is longer than ${MAX_KEY_LENGTH} characters`,
        );
      }
      let limit = definition.maxRuns;
      if (definition.maxRunsExpression !== null) {
        const value = evaluateInteger(
          compile(RUN_EXPRESSION, definition.maxRunsExpression),
          bindings,
        );
        if (!value.ok) {
          throw new ClaimError(
            `concurrency max runs "${definition.maxRunsExpression}": ${value.error}`,
          );
        }
        if (value.value < 1) {
          throw new ClaimError(
            `concurrency max runs "${definition.maxRunsExpression}" gave ${value.value}; it must be at least 1`,
          );
        }
        limit = value.value;
      }
      return {
        gate: gateOf(definition, source.workflowName, step),
        key: key.value,
        limit,
        strategy: definition.strategy,
        scope,
        expression: definition.expression,
      };
    });
  try {
    const ofRun = evaluate(source.concurrency, 'WORKFLOW', null);
    for (const step of source.steps) {
      const own = evaluate(step.concurrency, 'TASK', step.readableId);
      if (ofRun.length + own.length > 0) claims.set(step.readableId, [...ofRun, ...own]);
    }
  } catch (error) {
    if (error instanceof ClaimError) return { ok: false, error: error.message };
    throw error;
  }
  return { ok: true, claims };
}

class ClaimError extends Error {}
