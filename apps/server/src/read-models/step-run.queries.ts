import { taskIdRangeOfRuns, type Queryable } from '@trellis/db';
import { STEP_RUN_EVENT_REASONS } from '@trellis/api-contract';
import type { TaskStatus } from '@trellis/engine';
import {
  ATTEMPT_ENDING_EVENTS,
  ATTEMPT_FAILURE_EVENTS,
  TASK_EVENT_COLUMNS,
  type TaskEventRow,
} from './run-detail.queries';
import { escapeLike, SqlParams } from './run-filter';
import { TASK_JOINS, taskColumns, type Page, type TaskListRow } from './run-list.queries';

/**
 * Tasks as the older (v0) API's step runs: their status as the engine keeps it (the older
 * statuses tell pending from queued and assigned from running), their parent tasks and the
 * running attempt's timeout, with their events, earlier attempts and log lines.
 */

export interface StepRunRow extends TaskListRow {
  internalStatus: TaskStatus;
  /** The external ids of the run's tasks of the step's parent steps. */
  parentIds: string[];
  /** When the running attempt times out; null unless it is assigned or running. */
  timeoutAt: Date | null;
}

const STEP_RUN_SELECT = `SELECT ${taskColumns({ includePayloads: true })},
    t.status AS "internalStatus", rt.timeout_at AS "timeoutAt",
    ARRAY(SELECT p.external_id::text FROM tasks p
      WHERE p.run_id = t.run_id AND p.readable_id = ANY(s.parents) ORDER BY p.id) AS "parentIds"
  FROM tasks t ${TASK_JOINS}
    LEFT JOIN task_runtimes rt ON rt.task_id = t.id AND rt.tenant_id = t.tenant_id`;

/** A task of a tenant by its internal id. */
export async function findStepRun(
  db: Queryable,
  tenantId: string,
  taskId: string,
): Promise<StepRunRow | undefined> {
  const { rows } = await db.query<StepRunRow>(
    `${STEP_RUN_SELECT} WHERE t.tenant_id = $1 AND t.id = $2`,
    [tenantId, taskId],
  );
  return rows[0];
}

/** The tasks of some runs of a tenant, in the order their steps were declared. */
export async function listStepRunsOfRuns(
  db: Queryable,
  tenantId: string,
  runIds: readonly string[],
): Promise<StepRunRow[]> {
  if (runIds.length === 0) return [];
  const { rows } = await db.query<StepRunRow>(
    `${STEP_RUN_SELECT} WHERE t.tenant_id = $1 AND t.run_id = ANY($2::uuid[])
       AND t.id >= $3 AND t.id < $4
     ORDER BY t.run_id, s.position, t.id`,
    [tenantId, runIds, ...taskIdRangeOfRuns(runIds)],
  );
  return rows;
}

export interface StepRunEventRow extends TaskEventRow {
  runId: string;
}

/** Only the task events the older API has a reason for. */
const REASONS = [...STEP_RUN_EVENT_REASONS];

/** The events of a run's tasks after event `afterId`, oldest first. */
export async function listRunStepRunEvents(
  db: Queryable,
  tenantId: string,
  runId: string,
  afterId: number,
  limit: number,
): Promise<StepRunEventRow[]> {
  const { rows } = await db.query<StepRunEventRow>(
    `SELECT ${TASK_EVENT_COLUMNS}, t.run_id AS "runId"
     FROM tasks t JOIN task_events e ON e.tenant_id = t.tenant_id AND e.task_id = t.id
     WHERE t.tenant_id = $1 AND t.run_id = $2 AND e.id > $3 AND e.event_type = ANY($4::text[])
     ORDER BY e.id LIMIT ${limit}`,
    [tenantId, runId, afterId, REASONS],
  );
  return rows;
}

/** A page of a task's events, every attempt, newest first. */
export async function listStepRunEvents(
  db: Queryable,
  tenantId: string,
  taskId: string,
  page: Page,
): Promise<StepRunEventRow[]> {
  const { rows } = await db.query<StepRunEventRow>(
    `SELECT ${TASK_EVENT_COLUMNS}, t.run_id AS "runId"
     FROM task_events e JOIN tasks t ON t.id = e.task_id
     WHERE e.tenant_id = $1 AND e.task_id = $2 AND e.event_type = ANY($3::text[])
     ORDER BY e.id DESC LIMIT ${page.limit} OFFSET ${page.offset}`,
    [tenantId, taskId, REASONS],
  );
  return rows;
}

export async function countStepRunEvents(
  db: Queryable,
  tenantId: string,
  taskId: string,
): Promise<number> {
  const { rows } = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM task_events e
     WHERE e.tenant_id = $1 AND e.task_id = $2 AND e.event_type = ANY($3::text[])`,
    [tenantId, taskId, REASONS],
  );
  return rows[0]!.total;
}

/** An earlier attempt of a task, from its events. */
export interface StepRunArchiveRow {
  retryCount: number;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  cancelledAt: Date | null;
  error: string | null;
  /** The output a replay replaced, which its RETRIED_BY_USER event keeps. */
  output: unknown;
}

/** A page of a task's attempts before `retryCount` (its current one), newest first. */
export async function listStepRunArchives(
  db: Queryable,
  tenantId: string,
  taskId: string,
  retryCount: number,
  page: Page,
): Promise<StepRunArchiveRow[]> {
  const { rows } = await db.query<StepRunArchiveRow>(
    `SELECT a.retry_count AS "retryCount", a.created_at AS "createdAt", a.started_at AS "startedAt",
       a.finished_at AS "finishedAt", a.cancelled_at AS "cancelledAt", a.error,
       replay.data->'replacedOutput' AS output
     FROM (
       SELECT e.retry_count, min(e.created_at) AS created_at,
         min(e.created_at) FILTER (WHERE e.event_type = 'STARTED') AS started_at,
         min(e.created_at) FILTER (WHERE e.event_type IN ${ATTEMPT_ENDING_EVENTS}) AS finished_at,
         min(e.created_at) FILTER (WHERE e.event_type = 'CANCELLED') AS cancelled_at,
         (array_agg(e.message ORDER BY e.event_type <> 'FAILED', e.id)
           FILTER (WHERE e.event_type IN ${ATTEMPT_FAILURE_EVENTS}))[1] AS error
       FROM task_events e
       WHERE e.tenant_id = $1 AND e.task_id = $2 AND e.retry_count < $3
       GROUP BY e.retry_count
       ORDER BY e.retry_count DESC LIMIT ${page.limit} OFFSET ${page.offset}
     ) a
     LEFT JOIN LATERAL (
       SELECT n.data FROM task_events n
       WHERE n.tenant_id = $1 AND n.task_id = $2 AND n.retry_count = a.retry_count + 1
         AND n.event_type = 'RETRIED_BY_USER'
       LIMIT 1
     ) replay ON true
     ORDER BY a.retry_count DESC`,
    [tenantId, taskId, retryCount],
  );
  return rows;
}

export interface LogLineFilter {
  levels?: readonly string[] | undefined;
  search?: string | undefined;
}

function logLineWhere(tenantId: string, taskId: string, filter: LogLineFilter, params: SqlParams) {
  const conditions = [`l.tenant_id = ${params.add(tenantId)}`, `l.task_id = ${params.add(taskId)}`];
  if (filter.levels?.length) conditions.push(`l.level = ANY(${params.add(filter.levels)}::text[])`);
  if (filter.search) {
    conditions.push(`l.message ILIKE ${params.add(`%${escapeLike(filter.search)}%`)}`);
  }
  return conditions.join(' AND ');
}

export interface StepRunLogLineRow {
  createdAt: Date;
  message: string;
  metadata: unknown;
}

/** A page of a task's log lines, every attempt, in time order. */
export async function listStepRunLogLines(
  db: Queryable,
  tenantId: string,
  taskId: string,
  filter: LogLineFilter,
  page: Page & { descending: boolean },
): Promise<StepRunLogLineRow[]> {
  const params = new SqlParams();
  const direction = page.descending ? 'DESC' : 'ASC';
  const { rows } = await db.query<StepRunLogLineRow>(
    `SELECT l.created_at AS "createdAt", l.message, l.metadata FROM task_logs l
     WHERE ${logLineWhere(tenantId, taskId, filter, params)}
     ORDER BY l.created_at ${direction}, l.id ${direction}
     LIMIT ${page.limit} OFFSET ${page.offset}`,
    params.values,
  );
  return rows;
}

export async function countStepRunLogLines(
  db: Queryable,
  tenantId: string,
  taskId: string,
  filter: LogLineFilter,
): Promise<number> {
  const params = new SqlParams();
  const { rows } = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM task_logs l
     WHERE ${logLineWhere(tenantId, taskId, filter, params)}`,
    params.values,
  );
  return rows[0]!.total;
}
