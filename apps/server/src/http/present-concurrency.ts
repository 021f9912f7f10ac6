/**
 * A version's concurrency limits as the API shows them, from its stored definition: the first
 * workflow-level one in the legacy `concurrency` shape, and all of them in `v1Concurrency`.
 * Versions stored before limits were acted on have none.
 */
import type { ConcurrencySetting, WorkflowVersion } from '@trellis/api-contract';
import type { ConcurrencyDefinition } from '@trellis/engine';

interface StoredDefinition {
  concurrency?: ConcurrencyDefinition[];
  steps?: { readableId: string; concurrency?: ConcurrencyDefinition[] }[];
}

function setting(limit: ConcurrencyDefinition, stepReadableId?: string): ConcurrencySetting {
  return {
    maxRuns: limit.maxRuns,
    limitStrategy: limit.strategy,
    expression: limit.expression,
    scope: stepReadableId === undefined ? 'WORKFLOW' : 'TASK',
    ...(stepReadableId !== undefined ? { stepReadableId } : {}),
    ...(limit.maxRunsExpression ? { maxRunsExpression: limit.maxRunsExpression } : {}),
    ...(limit.name ? { name: limit.name } : {}),
    ...(limit.tenantScoped ? { tenantScoped: true } : {}),
  };
}

export function presentConcurrency(
  definition: StoredDefinition,
): Pick<WorkflowVersion, 'concurrency' | 'v1Concurrency'> {
  const ofWorkflow = (definition.concurrency ?? []).map((limit) => setting(limit));
  const ofTasks = (definition.steps ?? []).flatMap((step) =>
    (step.concurrency ?? []).map((limit) => setting(limit, step.readableId)),
  );
  const all = [...ofWorkflow, ...ofTasks];
  if (all.length === 0) return {};
  const first = ofWorkflow[0];
  return {
    ...(first
      ? {
          concurrency: {
            maxRuns: first.maxRuns,
            limitStrategy: first.limitStrategy,
            getConcurrencyGroup: first.expression,
          },
        }
      : {}),
    v1Concurrency: all,
  };
}
