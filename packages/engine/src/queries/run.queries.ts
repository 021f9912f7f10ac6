import {
  dayOfRunId,
  runIdRangeOfDay,
  runIdSpanOfExternalIds,
  taskIdRangeOfRuns,
  type Queryable,
} from '@trellis/db';
import type { Write } from './combined-writes';
import type { RunStatus } from '../task-lifecycle';

export interface NewRunRow {
  id: string;
  tenantId: string;
  workflowId: string;
  workflowVersionId: string;
  kind: 'DAG' | 'TASK';
  input: unknown;
  additionalMetadata: Record<string, unknown>;
  parentTaskExternalId: string | null;
  parentRunId: string | null;
  childIndex: number | null;
  childKey: string | null;
  priority: number;
  /** The event that triggered the run, and the filter that let it through (with its payload). */
  triggeringEventId?: string | null;
  triggeringFilterId?: string | null;
  filterPayload?: Record<string, unknown> | null;
  /** The cron or scheduled run that fired it, for which due time, and whether late. */
  triggeringCronId?: string | null;
  triggeringScheduleId?: string | null;
  triggerDueAt?: Date | null;
  triggerLate?: boolean | null;
}

export interface RunRow {
  id: string;
  tenantId: string;
  workflowId: string;
  workflowVersionId: string;
  workflowName: string;
  kind: 'DAG' | 'TASK';
  status: RunStatus;
  input: unknown;
  additionalMetadata: Record<string, unknown>;
  parentTaskExternalId: string | null;
  childIndex: number | null;
  childKey: string | null;
  priority: number;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

export interface ChildRunKey {
  id: string;
  tenantId: string;
  parentTaskExternalId: string;
  childIndex: number | null;
  childKey: string | null;
}

/**
 * Runs already spawned by these parent tasks (for deduplicating a re-sent spawn). A child is
 * made after its parent, so it lies in its parent's day or later: the lookup starts a day
 * before the earliest parent's (a process whose clock lags around midnight), not at the first
 * day kept.
 */
export async function findChildRuns(
  db: Queryable,
  parents: readonly { tenantId: string; parentTaskExternalId: string }[],
): Promise<ChildRunKey[]> {
  if (parents.length === 0) return [];
  const { rows } = await db.query<ChildRunKey>(
    `SELECT r.id, r.tenant_id AS "tenantId", r.parent_task_external_id AS "parentTaskExternalId",
            r.child_index AS "childIndex", r.child_key AS "childKey"
       FROM workflow_runs r
       JOIN jsonb_to_recordset($1::jsonb) AS p("tenantId" uuid, "parentTaskExternalId" uuid)
         ON r.tenant_id = p."tenantId" AND r.parent_task_external_id = p."parentTaskExternalId"
      WHERE r.id >= $2`,
    [
      JSON.stringify(parents),
      runIdRangeOfDay(
        Math.max(0, Math.min(...parents.map((p) => dayOfRunId(p.parentTaskExternalId))) - 1),
      )[0],
    ],
  );
  return rows;
}

/** The additional metadata of the runs these parent tasks belong to, which their children inherit. */
export async function findParentRunMetadata(
  db: Queryable,
  parents: readonly { tenantId: string; parentTaskExternalId: string }[],
): Promise<
  { tenantId: string; parentTaskExternalId: string; additionalMetadata: Record<string, unknown> }[]
> {
  if (parents.length === 0) return [];
  const { rows } = await db.query<{
    tenantId: string;
    parentTaskExternalId: string;
    additionalMetadata: Record<string, unknown>;
  }>(
    `SELECT t.tenant_id AS "tenantId", t.external_id AS "parentTaskExternalId",
            r.additional_metadata AS "additionalMetadata"
       FROM jsonb_to_recordset($1::jsonb) AS p("tenantId" uuid, "parentTaskExternalId" uuid)
       JOIN tasks t ON t.tenant_id = p."tenantId" AND t.external_id = p."parentTaskExternalId"
                   AND t.id >= $2 AND t.id < $3
       JOIN workflow_runs r ON r.id = t.run_id AND r.tenant_id = t.tenant_id
                           AND r.id BETWEEN $4 AND $5`,
    [
      JSON.stringify(parents),
      ...taskIdRangeOfRuns(parents.map((p) => p.parentTaskExternalId)),
      ...runIdSpanOfExternalIds(parents.map((p) => p.parentTaskExternalId)),
    ],
  );
  return rows;
}

/** Inserts runs created at `createdAt` (the tick's time, as their tasks are). */
export function runsInsert(runs: readonly NewRunRow[], createdAt: Date): Write {
  return {
    text: (first) =>
      `INSERT INTO workflow_runs
       (id, tenant_id, workflow_id, workflow_version_id, kind, status, input, additional_metadata,
        parent_task_external_id, parent_run_id, child_index, child_key, priority, created_at,
        triggering_event_id, triggering_filter_id, filter_payload, triggering_cron_id,
        triggering_schedule_id, trigger_due_at, trigger_late)
     SELECT r.id, r."tenantId", r."workflowId", r."workflowVersionId", r.kind, 'QUEUED', r.input,
            r."additionalMetadata", r."parentTaskExternalId", r."parentRunId", r."childIndex",
            r."childKey", r.priority, $${first + 1}::timestamptz, r."triggeringEventId",
            r."triggeringFilterId", r."filterPayload", r."triggeringCronId",
            r."triggeringScheduleId", r."triggerDueAt", r."triggerLate"
       FROM jsonb_to_recordset($${first}::jsonb) AS r(
         id uuid, "tenantId" uuid, "workflowId" uuid, "workflowVersionId" uuid, kind text,
         input jsonb, "additionalMetadata" jsonb, "parentTaskExternalId" uuid, "parentRunId" uuid,
         "childIndex" int, "childKey" text, priority int, "triggeringEventId" uuid,
         "triggeringFilterId" uuid, "filterPayload" jsonb, "triggeringCronId" uuid,
         "triggeringScheduleId" uuid, "triggerDueAt" timestamptz, "triggerLate" boolean)`,
    params: [JSON.stringify(runs), createdAt],
  };
}

/**
 * Runs reaching a final status, finished when their last task did. `startedAt` is set for runs
 * whose task started in the same batch as it finished (see endAttempts): their start time is
 * set here, as startAttempts did not run.
 */
export function runsFinish(
  runs: readonly {
    tenantId: string;
    runId: string;
    status: RunStatus;
    finishedAt: Date;
    startedAt: Date | null;
  }[],
): Write {
  return {
    text: (first) =>
      `UPDATE workflow_runs r SET status = x.status, finished_at = x."finishedAt",
              started_at = COALESCE(r.started_at, x."startedAt")
       FROM jsonb_to_recordset($${first}::jsonb)
         AS x("tenantId" uuid, "runId" uuid, status text, "finishedAt" timestamptz,
              "startedAt" timestamptz)
      WHERE r.id = x."runId" AND r.tenant_id = x."tenantId" AND r.id = ANY($${first + 1}::uuid[])`,
    params: [JSON.stringify(runs), runs.map((r) => r.runId)],
  };
}

/**
 * Runs that go on after a task that started and finished in the same batch: RUNNING, started
 * when that task did, as startAttempts would have made them.
 */
export function runsStart(runs: readonly { runId: string; startedAt: Date }[]): Write {
  return {
    text: (first) =>
      `UPDATE workflow_runs r SET status = 'RUNNING', started_at = COALESCE(r.started_at, x."startedAt")
         FROM jsonb_to_recordset($${first}::jsonb) AS x("runId" uuid, "startedAt" timestamptz)
        WHERE r.id = x."runId" AND r.id = ANY($${first + 1}::uuid[]) AND r.status = 'QUEUED'`,
    params: [JSON.stringify(runs), runs.map((r) => r.runId)],
  };
}

/** A replayed run is live again. */
export async function reopenRuns(
  db: Queryable,
  tenantId: string,
  runIds: readonly string[],
): Promise<void> {
  await db.query(
    `UPDATE workflow_runs SET status = 'RUNNING', finished_at = NULL
      WHERE tenant_id = $1 AND id = ANY($2::uuid[])`,
    [tenantId, runIds],
  );
}

/** Status and finish time of runs, by id (any tenant: the caller checks). */
export async function findRunStates(
  db: Queryable,
  runIds: readonly string[],
): Promise<{ id: string; tenantId: string; status: RunStatus; finishedAt: Date | null }[]> {
  const { rows } = await db.query<{
    id: string;
    tenantId: string;
    status: RunStatus;
    finishedAt: Date | null;
  }>(
    `SELECT id, tenant_id AS "tenantId", status, finished_at AS "finishedAt"
       FROM workflow_runs WHERE id = ANY($1::uuid[])`,
    [runIds],
  );
  return rows;
}

export async function findRun(
  db: Queryable,
  tenantId: string,
  runId: string,
): Promise<RunRow | undefined> {
  const { rows } = await db.query<RunRow>(
    `SELECT r.id, r.tenant_id AS "tenantId", r.workflow_id AS "workflowId",
            r.workflow_version_id AS "workflowVersionId", w.name AS "workflowName", r.kind,
            r.status, r.input, r.additional_metadata AS "additionalMetadata",
            r.parent_task_external_id AS "parentTaskExternalId", r.child_index AS "childIndex",
            r.child_key AS "childKey", r.priority, r.created_at AS "createdAt",
            r.started_at AS "startedAt", r.finished_at AS "finishedAt"
       FROM workflow_runs r JOIN workflows w ON w.id = r.workflow_id
      WHERE r.tenant_id = $1 AND r.id = $2`,
    [tenantId, runId],
  );
  return rows[0];
}
