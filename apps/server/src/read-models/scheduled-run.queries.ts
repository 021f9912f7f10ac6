import type { ScheduledRunStatus } from '@trellis/api-contract';
import type { Queryable } from '@trellis/db';
import { metadataContains, SqlParams } from './run-filter';
import type { Page } from './run-list.queries';

/** A scheduled run as the REST API shows it, with its run once it fired. */
export interface ScheduledRunRow {
  id: string;
  workflowId: string;
  workflowName: string;
  workflowVersionId: string;
  method: 'DEFAULT' | 'API';
  triggerAt: Date;
  input: Record<string, unknown>;
  additionalMetadata: Record<string, unknown>;
  priority: number | null;
  runId: string | null;
  runStatus: 'QUEUED' | 'RUNNING' | 'COMPLETED' | 'FAILED' | 'CANCELLED' | null;
  runCreatedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

const SCHEDULED_FROM = `FROM scheduled_runs s
  JOIN workflows w ON w.id = s.workflow_id
  LEFT JOIN workflow_runs r ON r.id = s.run_id AND r.tenant_id = s.tenant_id`;

const SCHEDULED_SELECT = `SELECT s.id, s.workflow_id AS "workflowId", w.name AS "workflowName",
    (SELECT v.id FROM workflow_versions v WHERE v.workflow_id = w.id
      ORDER BY v.version_order DESC LIMIT 1) AS "workflowVersionId",
    s.method, s.trigger_at AS "triggerAt", s.input, s.additional_metadata AS "additionalMetadata",
    s.priority, s.run_id AS "runId", r.status AS "runStatus", r.created_at AS "runCreatedAt",
    s.created_at AS "createdAt", s.updated_at AS "updatedAt"
  ${SCHEDULED_FROM}`;

/** The run statuses (internal) each scheduled-run status stands for; SCHEDULED: not fired. */
const RUN_STATUSES: Record<Exclude<ScheduledRunStatus, 'SCHEDULED'>, string[]> = {
  PENDING: [],
  QUEUED: ['QUEUED'],
  RUNNING: ['RUNNING'],
  SUCCEEDED: ['COMPLETED'],
  FAILED: ['FAILED'],
  CANCELLED: ['CANCELLED'],
};

export interface ScheduledFilter {
  workflowId?: string | undefined;
  parentWorkflowRunId?: string | undefined;
  parentStepRunId?: string | undefined;
  additionalMetadata?: readonly { key: string; value: string }[] | undefined;
  statuses?: readonly ScheduledRunStatus[] | undefined;
}

export interface ScheduledListOptions extends Page, ScheduledFilter {
  orderByField: 'triggerAt' | 'createdAt';
  orderByDirection: 'ASC' | 'DESC';
}

function whereClause(tenantId: string, filter: ScheduledFilter, params: SqlParams): string {
  const conditions = [`s.tenant_id = ${params.add(tenantId)}`];
  if (filter.workflowId) conditions.push(`s.workflow_id = ${params.add(filter.workflowId)}`);
  // Scheduled runs made by tasks do not exist in this API version (the SDK schedules over
  // REST): a filter on a parent matches none.
  if (filter.parentWorkflowRunId || filter.parentStepRunId) conditions.push('false');
  for (const pair of filter.additionalMetadata ?? []) {
    conditions.push(metadataContains('s.additional_metadata', pair, params));
  }
  if (filter.statuses?.length) {
    const either: string[] = [];
    if (filter.statuses.includes('SCHEDULED')) either.push('s.run_id IS NULL');
    const runStatuses = filter.statuses.flatMap((s) => (s === 'SCHEDULED' ? [] : RUN_STATUSES[s]));
    if (runStatuses.length > 0) either.push(`r.status = ANY(${params.add(runStatuses)}::text[])`);
    conditions.push(either.length > 0 ? `(${either.join(' OR ')})` : 'false');
  }
  return conditions.join(' AND ');
}

/** A page of a tenant's scheduled runs in the requested order, and how many match. */
export async function listScheduledRuns(
  db: Queryable,
  tenantId: string,
  options: ScheduledListOptions,
): Promise<{ rows: ScheduledRunRow[]; total: number }> {
  const params = new SqlParams();
  const where = whereClause(tenantId, options, params);
  const direction = options.orderByDirection === 'ASC' ? 'ASC' : 'DESC';
  const column = options.orderByField === 'createdAt' ? 's.created_at' : 's.trigger_at';
  const [{ rows }, { rows: counted }] = await Promise.all([
    db.query<ScheduledRunRow>(
      `${SCHEDULED_SELECT} WHERE ${where} ORDER BY ${column} ${direction}, s.id ${direction}
       LIMIT ${options.limit} OFFSET ${options.offset}`,
      params.values,
    ),
    db.query<{ total: number }>(
      `SELECT count(*)::int AS total ${SCHEDULED_FROM} WHERE ${where}`,
      params.values,
    ),
  ]);
  return { rows, total: counted[0]!.total };
}

/** The ids of the scheduled runs a filter matches, at most `limit` (bulk delete by filter). */
export async function listScheduledIds(
  db: Queryable,
  tenantId: string,
  filter: ScheduledFilter,
  limit: number,
): Promise<string[]> {
  const params = new SqlParams();
  const where = whereClause(tenantId, filter, params);
  const { rows } = await db.query<{ id: string }>(
    `SELECT s.id ${SCHEDULED_FROM} WHERE ${where} ORDER BY s.trigger_at, s.id LIMIT ${limit}`,
    params.values,
  );
  return rows.map((r) => r.id);
}

export async function findScheduledRunView(
  db: Queryable,
  tenantId: string,
  id: string,
): Promise<ScheduledRunRow | undefined> {
  const { rows } = await db.query<ScheduledRunRow>(
    `${SCHEDULED_SELECT} WHERE s.tenant_id = $1 AND s.id = $2`,
    [tenantId, id],
  );
  return rows[0];
}
