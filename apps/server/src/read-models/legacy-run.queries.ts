import type { Queryable } from '@trellis/db';
import type { V1TaskStatus, WorkflowKind, WorkflowRunOrderByField } from '@trellis/api-contract';
import { runWhere, SqlParams, type RunFilter } from './run-filter';
import { cappedCount, RUN_COLUMNS, type Page, type RunListRow } from './run-list.queries';

/**
 * Runs as the older (v0) API lists and shows them: the v1 runs with what that shape adds (what
 * triggered a run, its parent run, its version), filtered and ordered the older way.
 */

export interface LegacyRunFilter extends RunFilter {
  kinds?: readonly WorkflowKind[] | undefined;
  finishedAfter?: Date | undefined;
  finishedBefore?: Date | undefined;
}

export interface LegacyRunRow extends RunListRow {
  triggeringEventId: string | null;
  triggeringCronId: string | null;
  cronExpression: string | null;
  parentRunId: string | null;
  versionOrder: number;
  versionCreatedAt: Date;
  workflowCreatedAt: Date;
  workflowUpdatedAt: Date;
}

const LEGACY_RUN_COLUMNS = `${RUN_COLUMNS}, r.triggering_event_id AS "triggeringEventId",
  r.triggering_cron_id AS "triggeringCronId", c.expression AS "cronExpression",
  r.parent_run_id AS "parentRunId", v.version_order AS "versionOrder",
  v.created_at AS "versionCreatedAt", w.created_at AS "workflowCreatedAt",
  w.updated_at AS "workflowUpdatedAt"`;

const LEGACY_RUN_JOINS = `JOIN workflows w ON w.id = r.workflow_id
  JOIN workflow_versions v ON v.id = r.workflow_version_id
  LEFT JOIN cron_triggers c ON c.id = r.triggering_cron_id AND c.tenant_id = r.tenant_id`;

/** A run's standalone task is durable: what tells a DURABLE run from a FUNCTION one. */
const DURABLE_TASK = `EXISTS (SELECT 1 FROM tasks dt JOIN workflow_steps ds ON ds.id = dt.step_id
  WHERE dt.run_id = r.id AND ds.is_durable)`;

const KIND_CONDITIONS: Record<WorkflowKind, string> = {
  DAG: `r.kind = 'DAG'`,
  FUNCTION: `(r.kind = 'TASK' AND NOT ${DURABLE_TASK})`,
  DURABLE: `(r.kind = 'TASK' AND ${DURABLE_TASK})`,
};

function legacyRunWhere(filter: LegacyRunFilter, params: SqlParams): string {
  const conditions = [runWhere(filter, params)];
  if (filter.kinds?.length) {
    conditions.push(`(${filter.kinds.map((kind) => KIND_CONDITIONS[kind]).join(' OR ')})`);
  }
  if (filter.finishedAfter) conditions.push(`r.finished_at >= ${params.add(filter.finishedAfter)}`);
  if (filter.finishedBefore)
    conditions.push(`r.finished_at <= ${params.add(filter.finishedBefore)}`);
  return conditions.join(' AND ');
}

const ORDER_COLUMNS: Record<WorkflowRunOrderByField, string> = {
  createdAt: 'r.created_at',
  startedAt: 'r.started_at',
  finishedAt: 'r.finished_at',
  duration: '(r.finished_at - r.started_at)',
};

/** A page of runs in the given order (unset times last), and how many match (capped). */
export async function listLegacyRuns(
  db: Queryable,
  filter: LegacyRunFilter,
  page: Page,
  order: { field: WorkflowRunOrderByField; direction: 'ASC' | 'DESC' },
): Promise<{ rows: LegacyRunRow[]; total: number }> {
  const params = new SqlParams();
  const where = legacyRunWhere(filter, params);
  const orderBy = `${ORDER_COLUMNS[order.field]} ${order.direction} NULLS LAST, r.id ${order.direction}`;
  const [{ rows }, total] = await Promise.all([
    db.query<LegacyRunRow>(
      `SELECT ${LEGACY_RUN_COLUMNS}, NULL AS input
       FROM workflow_runs r ${LEGACY_RUN_JOINS}
       WHERE ${where} ORDER BY ${orderBy} LIMIT ${page.limit} OFFSET ${page.offset}`,
      params.values,
    ),
    cappedCount(db, 'workflow_runs r', where, params),
  ]);
  return { rows, total };
}

/** Some runs of a tenant with their inputs, newest first. */
export async function listLegacyRunsById(
  db: Queryable,
  tenantId: string,
  runIds: readonly string[],
): Promise<LegacyRunRow[]> {
  if (runIds.length === 0) return [];
  const { rows } = await db.query<LegacyRunRow>(
    `SELECT ${LEGACY_RUN_COLUMNS}, r.input
     FROM workflow_runs r ${LEGACY_RUN_JOINS}
     WHERE r.tenant_id = $1 AND r.id = ANY($2::uuid[])
     ORDER BY r.created_at DESC, r.id DESC`,
    [tenantId, runIds],
  );
  return rows;
}

/** The runs of some tasks of a tenant (by the tasks' external ids), each once. */
export async function listRunIdsOfTasks(
  db: Queryable,
  tenantId: string,
  taskExternalIds: readonly string[],
): Promise<string[]> {
  if (taskExternalIds.length === 0) return [];
  const { rows } = await db.query<{ runId: string }>(
    `SELECT DISTINCT run_id AS "runId" FROM tasks
     WHERE tenant_id = $1 AND external_id = ANY($2::uuid[])`,
    [tenantId, taskExternalIds],
  );
  return rows.map((row) => row.runId);
}

/**
 * The concurrency keys the tasks of a workflow's newest runs (at most `cap`, in `statuses`)
 * claim: how many distinct keys, and how many runs claim `groupKey` (or any key).
 */
export async function countWorkflowGroupKeys(
  db: Queryable,
  tenantId: string,
  workflowId: string,
  options: { statuses: readonly V1TaskStatus[]; groupKey: string | undefined; cap: number },
): Promise<{ groupKeyCount: number; groupKeyRunsCount: number }> {
  const { rows } = await db.query<{ groupKeyCount: number; groupKeyRunsCount: number }>(
    `WITH runs AS (
       SELECT r.id FROM workflow_runs r
       WHERE r.tenant_id = $1 AND r.workflow_id = $2 AND r.status = ANY($3::text[])
       ORDER BY r.created_at DESC LIMIT ${options.cap}),
     claims AS (
       SELECT runs.id AS run_id, claim->>'key' AS key
       FROM runs JOIN tasks t ON t.run_id = runs.id
         CROSS JOIN jsonb_array_elements(COALESCE(t.concurrency, '[]'::jsonb)) claim)
     SELECT count(DISTINCT key)::int AS "groupKeyCount",
       (count(DISTINCT run_id) FILTER (WHERE $4::text IS NULL OR key = $4))::int AS "groupKeyRunsCount"
     FROM claims`,
    [tenantId, workflowId, options.statuses, options.groupKey ?? null],
  );
  return rows[0]!;
}
