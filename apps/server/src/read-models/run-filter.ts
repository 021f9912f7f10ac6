import type { V1TaskStatus } from '@trellis/api-contract';

/**
 * The filters of the runs list, its counts, its metrics and "everything matching" bulk
 * actions. Every statement built from one is bounded by tenant and a creation window, which is
 * the leading part of the list indexes (migration 0004).
 */
export interface RunFilter {
  tenantId: string;
  since: Date;
  until?: Date | undefined;
  statuses?: readonly V1TaskStatus[] | undefined;
  workflowIds?: readonly string[] | undefined;
  additionalMetadata?: readonly { key: string; value: string }[] | undefined;
  /** How several metadata pairs combine (default OR). */
  metadataOperator?: 'AND' | 'OR' | undefined;
  parentTaskExternalId?: string | undefined;
  /** Runs spawned by a task of this run. */
  parentRunId?: string | undefined;
  triggeringEventExternalId?: string | undefined;
  workerId?: string | undefined;
}

/** Positional parameters, collected while a statement is built. */
export class SqlParams {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** `%`, `_` and `\` in a search term match themselves in a LIKE pattern. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * A metadata filter pair as a containment test on a jsonb column, which a GIN index on the
 * column answers.
 */
export function metadataContains(
  column: string,
  { key, value }: { key: string; value: string },
  params: SqlParams,
): string {
  return `${column} @> ${params.add(JSON.stringify({ [key]: value }))}::jsonb`;
}

/** SQL that reports an internal task status column as the API's status. */
export function apiTaskStatusSql(column: string): string {
  return `CASE ${column} WHEN 'PENDING' THEN 'QUEUED' WHEN 'ASSIGNED' THEN 'RUNNING' ELSE ${column} END`;
}

/** The internal task statuses each API status stands for (runs use the API's statuses). */
const INTERNAL_TASK_STATUSES: Record<V1TaskStatus, string[]> = {
  QUEUED: ['PENDING', 'QUEUED'],
  RUNNING: ['ASSIGNED', 'RUNNING'],
  COMPLETED: ['COMPLETED'],
  FAILED: ['FAILED'],
  CANCELLED: ['CANCELLED'],
};

/** Conditions on the run (alias `r`) that do not depend on whether runs or tasks are listed. */
function runScopeConditions(filter: RunFilter, params: SqlParams): string[] {
  const conditions: string[] = [];
  if (filter.workflowIds?.length)
    conditions.push(`r.workflow_id = ANY(${params.add(filter.workflowIds)}::uuid[])`);
  if (filter.parentTaskExternalId)
    conditions.push(`r.parent_task_external_id = ${params.add(filter.parentTaskExternalId)}`);
  // Through the parent run's tasks, which the child-run indexes on workflow_runs answer.
  if (filter.parentRunId) {
    conditions.push(`r.parent_task_external_id IN (SELECT pt.external_id FROM tasks pt
      WHERE pt.run_id = ${params.add(filter.parentRunId)} AND pt.tenant_id = r.tenant_id)`);
  }
  if (filter.additionalMetadata?.length) {
    // Each pair is a containment test, which the GIN index on additional_metadata answers.
    const pairs = filter.additionalMetadata.map((pair) =>
      metadataContains('r.additional_metadata', pair, params),
    );
    const operator = filter.metadataOperator === 'AND' ? ' AND ' : ' OR ';
    conditions.push(`(${pairs.join(operator)})`);
  }
  // workflow_runs_event_idx answers this one.
  if (filter.triggeringEventExternalId) {
    conditions.push(`r.triggering_event_id = ${params.add(filter.triggeringEventExternalId)}`);
  }
  return conditions;
}

function windowConditions(alias: string, filter: RunFilter, params: SqlParams): string[] {
  return [
    `${alias}.tenant_id = ${params.add(filter.tenantId)}`,
    `${alias}.created_at >= ${params.add(filter.since)}`,
    ...(filter.until ? [`${alias}.created_at <= ${params.add(filter.until)}`] : []),
  ];
}

/** WHERE conditions selecting runs (alias `r`). */
export function runWhere(filter: RunFilter, params: SqlParams): string {
  const conditions = windowConditions('r', filter, params);
  if (filter.statuses?.length)
    conditions.push(`r.status = ANY(${params.add(filter.statuses)}::text[])`);
  if (filter.workerId) {
    conditions.push(
      `EXISTS (SELECT 1 FROM tasks wt WHERE wt.run_id = r.id AND wt.worker_id = ${params.add(filter.workerId)})`,
    );
  }
  conditions.push(...runScopeConditions(filter, params));
  return conditions.join(' AND ');
}

/**
 * WHERE conditions selecting tasks (alias `t`), and whether they read the task's run (alias
 * `r`), which the statement must then join.
 */
export function taskWhere(
  filter: RunFilter,
  params: SqlParams,
): { where: string; readsRun: boolean } {
  const conditions = windowConditions('t', filter, params);
  if (filter.statuses?.length) {
    const internal = filter.statuses.flatMap((status) => INTERNAL_TASK_STATUSES[status]);
    conditions.push(`t.status = ANY(${params.add(internal)}::text[])`);
  }
  if (filter.workerId) conditions.push(`t.worker_id = ${params.add(filter.workerId)}`);
  const runConditions = runScopeConditions(filter, params);
  return {
    where: [...conditions, ...runConditions].join(' AND '),
    readsRun: runConditions.length > 0,
  };
}
