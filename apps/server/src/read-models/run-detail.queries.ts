import { sqlTaskInRunDay, taskIdRangeOfRuns, type Queryable } from '@trellis/db';
import {
  MAX_TIMING_ATTEMPTS,
  type V1TaskEventType,
  type V1TaskStatus,
} from '@trellis/api-contract';
import type { StepRow } from '@trellis/engine';
import { apiTaskStatusSql } from './run-filter';
import { RUN_COLUMNS, type RunListRow } from './run-list.queries';

export interface RunDetailRow extends RunListRow {
  /** The definition of the run's workflow version. */
  workflowConfig: Record<string, unknown>;
  /** The cron or scheduled run that started it, for which time, and whether late. */
  triggeringCronId: string | null;
  triggeringScheduleId: string | null;
  triggerDueAt: Date | null;
  triggerLate: boolean | null;
  /** The cron's name and expression, while the cron exists. */
  cronName: string | null;
  cronExpression: string | null;
}

/** A run with its input and its version's definition, as its detail page shows it. */
export async function findRunDetail(
  db: Queryable,
  tenantId: string,
  runId: string,
): Promise<RunDetailRow | undefined> {
  const { rows } = await db.query<RunDetailRow>(
    `SELECT ${RUN_COLUMNS}, r.input, v.definition AS "workflowConfig",
            r.triggering_cron_id AS "triggeringCronId",
            r.triggering_schedule_id AS "triggeringScheduleId",
            r.trigger_due_at AS "triggerDueAt", r.trigger_late AS "triggerLate",
            c.name AS "cronName", c.expression AS "cronExpression"
     FROM workflow_runs r JOIN workflows w ON w.id = r.workflow_id
       JOIN workflow_versions v ON v.id = r.workflow_version_id
       LEFT JOIN cron_triggers c ON c.id = r.triggering_cron_id AND c.tenant_id = r.tenant_id
     WHERE r.tenant_id = $1 AND r.id = $2`,
    [tenantId, runId],
  );
  return rows[0];
}

/** The status of a run, the cheapest read of it (SDKs poll this). */
export async function findRunStatus(
  db: Queryable,
  tenantId: string,
  runId: string,
): Promise<V1TaskStatus | undefined> {
  const { rows } = await db.query<{ status: V1TaskStatus }>(
    'SELECT status FROM workflow_runs WHERE tenant_id = $1 AND id = $2',
    [tenantId, runId],
  );
  return rows[0]?.status;
}

export interface TaskEventRow {
  id: string;
  taskExternalId: string;
  taskDisplayName: string;
  retryCount: number;
  eventType: V1TaskEventType;
  createdAt: Date;
  workerId: string | null;
  message: string;
  data: unknown;
}

export const TASK_EVENT_COLUMNS = `e.id::text AS id, t.external_id AS "taskExternalId",
  t.readable_id AS "taskDisplayName", e.retry_count AS "retryCount", e.event_type AS "eventType",
  e.created_at AS "createdAt", e.worker_id AS "workerId", e.message, e.data`;

/** Every event of every task of a run, newest first. */
export async function listRunTaskEvents(
  db: Queryable,
  tenantId: string,
  runId: string,
): Promise<TaskEventRow[]> {
  const { rows } = await db.query<TaskEventRow>(
    `SELECT ${TASK_EVENT_COLUMNS}
     FROM tasks t JOIN task_events e ON e.tenant_id = t.tenant_id AND e.task_id = t.id
     WHERE t.tenant_id = $1 AND t.run_id = $2
     ORDER BY e.id DESC`,
    [tenantId, runId],
  );
  return rows;
}

/** A condition of a step, as the engine stores it (`workflow_steps.conditions`). */
export type StepCondition = NonNullable<StepRow['conditions']>[number];

/**
 * A task's gate: its condition wait, open or decided (a `durable_nodes` row on branch 0, node
 * 0, of kind GATE). `met` holds what met each condition, by its index.
 */
export interface GateRow {
  met: Record<string, unknown>;
  createdAt: Date;
  dueAt: Date | null;
  satisfiedAt: Date | null;
  result: { action?: StepCondition['action'] } | null;
}

export interface StepShapeRow extends Pick<StepRow, 'readableId' | 'parents' | 'conditions'> {
  stepId: string;
  taskExternalId: string | null;
  /** The gate of the step's latest task, once its conditions started counting. */
  gate: GateRow | null;
}

/** A shape row as read: the gate's columns, all null when the task has no gate. */
interface ShapeQueryRow extends Omit<StepShapeRow, 'gate'> {
  gateMet: GateRow['met'] | null;
  gateCreatedAt: Date | null;
  gateDueAt: Date | null;
  gateSatisfiedAt: Date | null;
  gateResult: GateRow['result'];
}

/** The steps of a run's version, with the task created for each so far and its gate. */
export async function listRunShape(
  db: Queryable,
  tenantId: string,
  runId: string,
): Promise<StepShapeRow[]> {
  const { rows } = await db.query<ShapeQueryRow>(
    `SELECT s.id AS "stepId", s.readable_id AS "readableId", s.parents, s.conditions,
       t.external_id AS "taskExternalId", g.met AS "gateMet", g.created_at AS "gateCreatedAt",
       g.due_at AS "gateDueAt", g.satisfied_at AS "gateSatisfiedAt", g.result AS "gateResult"
     FROM workflow_runs r JOIN workflow_steps s ON s.workflow_version_id = r.workflow_version_id
       LEFT JOIN LATERAL (SELECT t.id, t.external_id FROM tasks t
         WHERE t.run_id = r.id AND t.step_id = s.id AND t.id >= $3 AND t.id < $4
         ORDER BY t.id DESC LIMIT 1) t ON true
       LEFT JOIN durable_nodes g ON g.task_id = t.id AND g.tenant_id = r.tenant_id
         AND g.task_id >= $3 AND g.task_id < $4
         AND g.branch_id = 0 AND g.node_id = 0 AND g.kind = 'GATE' AND g.superseded_at IS NULL
     WHERE r.tenant_id = $1 AND r.id = $2 AND NOT s.is_on_failure
     ORDER BY s.position`,
    [tenantId, runId, ...taskIdRangeOfRuns([runId])],
  );
  return rows.map(
    ({ gateMet, gateCreatedAt, gateDueAt, gateSatisfiedAt, gateResult, ...step }) => ({
      ...step,
      gate: gateCreatedAt
        ? {
            met: gateMet ?? {},
            createdAt: gateCreatedAt,
            dueAt: gateDueAt,
            satisfiedAt: gateSatisfiedAt,
            result: gateResult,
          }
        : null,
    }),
  );
}

/** One attempt of a task, from its events; times as the database's JSON writes them. */
export interface AttemptTimingRow {
  retryCount: number;
  /** The first event that ended the attempt (FINISHED, FAILED, CANCELLED…); null while it lasts. */
  ending: V1TaskEventType | null;
  queuedAt: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  /** The message of the first event that failed the attempt. */
  errorMessage: string | null;
}

export interface TaskTimingRow {
  id: string;
  externalId: string;
  readableId: string;
  runId: string;
  status: V1TaskStatus;
  retryCount: number;
  depth: number;
  /** The task that spawned this task's run; null for the run's own tasks. */
  parentTaskExternalId: string | null;
  createdAt: Date;
  queuedAt: Date | null;
  startedAt: Date | null;
  finishedAt: Date | null;
  /** Oldest first, the latest MAX_TIMING_ATTEMPTS; empty before the task's first event. */
  attempts: AttemptTimingRow[];
}

/** Most tasks one waterfall shows, whatever the depth: a fan-out of child runs stops here. */
export const MAX_TIMING_ROWS = 2_000;

/** Events that end an attempt; the first of them (by id) says how it ended. */
export const ATTEMPT_ENDING_EVENTS = `('FINISHED', 'FAILED', 'CANCELLED', 'TIMED_OUT',
  'SCHEDULING_TIMED_OUT', 'RATE_LIMIT_ERROR', 'REASSIGNED')`;
/**
 * Events whose message is the error of a failed attempt: FAILED's when there is one (it also
 * follows a timeout and the last reassignment), else that of the event that ended the attempt.
 */
export const ATTEMPT_FAILURE_EVENTS = `('FAILED', 'TIMED_OUT', 'SCHEDULING_TIMED_OUT', 'RATE_LIMIT_ERROR',
  'REASSIGNED')`;

/**
 * The tasks of a run and of its child runs down to `depth` levels, each with the time its
 * current attempt was queued and, from its events, when each of its latest attempts was
 * queued, started and ended, and why it failed. Unordered; at most MAX_TIMING_ROWS tasks.
 * Each task's events are read once, through task_events_task_idx.
 */
export async function listRunTimings(
  db: Queryable,
  tenantId: string,
  runId: string,
  depth: number,
): Promise<TaskTimingRow[]> {
  const { rows } = await db.query<TaskTimingRow>(
    `WITH RECURSIVE tree AS (
       SELECT t.id, t.external_id, t.readable_id, t.run_id, t.status, t.retry_count, t.created_at,
         t.started_at, t.finished_at, 0 AS depth, NULL::uuid AS parent_task_external_id
       FROM tasks t
       WHERE t.tenant_id = $1 AND t.run_id = $2 AND ${sqlTaskInRunDay('t.id', '$2::uuid')}
       UNION ALL
       SELECT c.id, c.external_id, c.readable_id, c.run_id, c.status, c.retry_count, c.created_at,
         c.started_at, c.finished_at, tree.depth + 1, tree.external_id
       FROM tree
         JOIN workflow_runs cr ON cr.tenant_id = $1 AND cr.parent_task_external_id = tree.external_id
         JOIN tasks c ON c.run_id = cr.id AND ${sqlTaskInRunDay('c.id', 'cr.id')}
       WHERE tree.depth < $3
     )
     SELECT tree.id::text AS id, tree.external_id AS "externalId", tree.readable_id AS "readableId",
       tree.run_id AS "runId", ${apiTaskStatusSql('tree.status')} AS status,
       tree.retry_count AS "retryCount", tree.depth,
       tree.parent_task_external_id AS "parentTaskExternalId", tree.created_at AS "createdAt",
       history."queuedAt", tree.started_at AS "startedAt", tree.finished_at AS "finishedAt",
       COALESCE(history.attempts, '[]') AS attempts
     FROM (SELECT * FROM tree LIMIT ${MAX_TIMING_ROWS}) tree
       LEFT JOIN LATERAL (
         SELECT min(a.queued_at) FILTER (WHERE a.retry_count = tree.retry_count) AS "queuedAt",
           json_agg(json_build_object('retryCount', a.retry_count, 'ending', a.ending,
             'queuedAt', a.queued_at, 'startedAt', a.started_at, 'finishedAt', a.finished_at,
             'errorMessage', a.error) ORDER BY a.retry_count) AS attempts
         FROM (
           SELECT e.retry_count,
             min(e.created_at) FILTER (WHERE e.event_type = 'QUEUED') AS queued_at,
             min(e.created_at) FILTER (WHERE e.event_type = 'STARTED') AS started_at,
             min(e.created_at) FILTER (WHERE e.event_type IN ${ATTEMPT_ENDING_EVENTS}) AS finished_at,
             (array_agg(e.event_type ORDER BY e.id)
               FILTER (WHERE e.event_type IN ${ATTEMPT_ENDING_EVENTS}))[1] AS ending,
             (array_agg(e.message ORDER BY e.event_type <> 'FAILED', e.id)
               FILTER (WHERE e.event_type IN ${ATTEMPT_FAILURE_EVENTS}))[1] AS error
           FROM task_events e
           WHERE e.tenant_id = $1 AND e.task_id = tree.id
             AND e.retry_count > tree.retry_count - ${MAX_TIMING_ATTEMPTS}
           GROUP BY e.retry_count
         ) a
       ) history ON true`,
    [tenantId, runId, depth],
  );
  return rows;
}

export interface DisplayNameRow {
  id: string;
  createdAt: Date;
  displayName: string;
}

/**
 * Display names of runs and tasks by external id: a run is named after its workflow, a task
 * of a DAG after its step and a standalone task after its workflow.
 */
export async function listDisplayNames(
  db: Queryable,
  tenantId: string,
  ids: readonly string[],
): Promise<DisplayNameRow[]> {
  const { rows } = await db.query<DisplayNameRow>(
    `SELECT r.id, r.created_at AS "createdAt", w.name AS "displayName"
     FROM workflow_runs r JOIN workflows w ON w.id = r.workflow_id
     WHERE r.tenant_id = $1 AND r.id = ANY($2::uuid[])
     UNION ALL
     SELECT t.external_id, t.created_at,
       CASE r.kind WHEN 'TASK' THEN w.name ELSE t.readable_id END
     FROM tasks t JOIN workflow_runs r ON r.id = t.run_id JOIN workflows w ON w.id = r.workflow_id
     WHERE t.tenant_id = $1 AND t.external_id = ANY($2::uuid[])`,
    [tenantId, ids],
  );
  return rows;
}
