import type { Queryable } from '@trellis/db';
import { inScopeSql, scopeParam, type TenantScope } from '../tenant-scope';

/** What the ticker keeps of an unfired scheduled run. */
export interface PendingScheduleRow {
  id: string;
  tenantId: string;
  triggerAt: Date;
}

/** Unfired scheduled runs due before `before`, across the engine's tenants (the ticker's horizon). */
export async function listSchedulesDueBefore(
  db: Queryable,
  scope: TenantScope,
  before: Date,
): Promise<PendingScheduleRow[]> {
  const { rows } = await db.query<PendingScheduleRow>(
    `SELECT id, tenant_id AS "tenantId", trigger_at AS "triggerAt"
       FROM scheduled_runs
      WHERE run_id IS NULL AND trigger_at < $1 AND ${inScopeSql('tenant_id', '$2')}`,
    [before, scopeParam(scope)],
  );
  return rows;
}

export interface ScheduleFireClaim {
  id: string;
  tenantId: string;
  /** The trigger time the ticker fires it for; null fires it now, whatever its time. */
  dueAt: Date | null;
  late: boolean;
  runId: string;
}

export interface ClaimedScheduleFire {
  id: string;
  tenantId: string;
  workflowName: string;
  triggerAt: Date;
  input: unknown;
  additionalMetadata: Record<string, unknown>;
  priority: number | null;
}

/**
 * Claims fires: sets each scheduled run's run id where it has none yet and still has the time
 * it is fired for (a rescheduled one waits for its new time). A concurrent claim waits on the
 * row and then finds it taken; rows are locked in id order first, against deadlocks.
 */
export async function claimScheduleFires(
  db: Queryable,
  fires: readonly ScheduleFireClaim[],
  firedAt: Date,
): Promise<ClaimedScheduleFire[]> {
  const { rows } = await db.query<ClaimedScheduleFire>(
    `WITH f AS (
       SELECT * FROM jsonb_to_recordset($1::jsonb)
         AS f(id uuid, "tenantId" uuid, "dueAt" timestamptz, "runId" uuid)
     ), locked AS (
       SELECT s.id FROM scheduled_runs s WHERE s.id = ANY($2::uuid[]) ORDER BY s.id FOR UPDATE
     )
     UPDATE scheduled_runs s SET run_id = f."runId", fired_at = $3, updated_at = $3
       FROM f, workflows w
      WHERE s.id = f.id AND s.tenant_id = f."tenantId" AND s.id IN (SELECT id FROM locked)
        AND s.run_id IS NULL AND (f."dueAt" IS NULL OR s.trigger_at = f."dueAt")
        AND w.id = s.workflow_id AND w.deleted_at IS NULL
     RETURNING s.id, s.tenant_id AS "tenantId", w.name AS "workflowName",
               s.trigger_at AS "triggerAt", s.input, s.additional_metadata AS "additionalMetadata",
               s.priority`,
    [JSON.stringify(fires), fires.map((f) => f.id), firedAt],
  );
  return rows;
}

export interface NewScheduledRun {
  workflowId: string;
  triggerAt: Date;
  input: Record<string, unknown>;
  additionalMetadata: Record<string, unknown>;
  priority: number | null;
}

export async function insertScheduledRun(
  db: Queryable,
  tenantId: string,
  run: NewScheduledRun,
  now: Date,
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO scheduled_runs (tenant_id, workflow_id, trigger_at, input, additional_metadata,
                                 priority, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING id`,
    [
      tenantId,
      run.workflowId,
      run.triggerAt,
      JSON.stringify(run.input),
      JSON.stringify(run.additionalMetadata),
      run.priority,
      now,
    ],
  );
  return rows[0]!.id;
}

export interface ScheduleState {
  id: string;
  method: 'DEFAULT' | 'API';
  fired: boolean;
}

export async function findScheduleStates(
  db: Queryable,
  tenantId: string,
  ids: readonly string[],
): Promise<ScheduleState[]> {
  const { rows } = await db.query<ScheduleState>(
    `SELECT id, method, run_id IS NOT NULL AS fired
       FROM scheduled_runs WHERE tenant_id = $1 AND id = ANY($2::uuid[])`,
    [tenantId, ids],
  );
  return rows;
}

/** Moves unfired scheduled runs to new times; returns the ids moved. */
export async function rescheduleRuns(
  db: Queryable,
  tenantId: string,
  updates: readonly { id: string; triggerAt: Date }[],
  now: Date,
): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE scheduled_runs s SET trigger_at = u."triggerAt", updated_at = $3
       FROM jsonb_to_recordset($2::jsonb) AS u(id uuid, "triggerAt" timestamptz)
      WHERE s.tenant_id = $1 AND s.id = u.id AND s.run_id IS NULL AND s.method = 'API'
     RETURNING s.id`,
    [tenantId, JSON.stringify(updates), now],
  );
  return rows.map((r) => r.id);
}

/** Deletes scheduled runs created over REST; returns the ids deleted. */
export async function deleteScheduledRuns(
  db: Queryable,
  tenantId: string,
  ids: readonly string[],
): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `DELETE FROM scheduled_runs WHERE tenant_id = $1 AND id = ANY($2::uuid[]) AND method = 'API'
     RETURNING id`,
    [tenantId, ids],
  );
  return rows.map((r) => r.id);
}
