import type { WorkflowVersion } from '@/types/api';

/** One concurrency limit of a version, as its row on the workflow page shows it. */
export interface ConcurrencyLimit {
  /** "Workflow", or the name of the task that declares it. */
  scope: string;
  /** The CEL expression whose value is the key. */
  expression: string;
  /** The maximum: a number, or the CEL expression that works it out per run. */
  maxRuns: string;
  maxRunsIsExpression: boolean;
  strategy: string;
  name: string | undefined;
  /** Counted with every limit of the tenant that declares the same name. */
  tenantScoped: boolean;
}

/** The version's limits, workflow-level first then per task, as the server lists them. */
export function concurrencyLimits(version: WorkflowVersion | undefined): ConcurrencyLimit[] {
  return (version?.v1Concurrency ?? []).map((setting) => ({
    scope: setting.scope === 'TASK' ? (setting.stepReadableId ?? 'Task') : 'Workflow',
    expression: setting.expression,
    maxRuns: setting.maxRunsExpression ?? String(setting.maxRuns),
    maxRunsIsExpression: setting.maxRunsExpression !== undefined,
    strategy: setting.limitStrategy,
    name: setting.name,
    tenantScoped: setting.tenantScoped ?? false,
  }));
}
