import type { Queryable } from '@trellis/db';
import { inScopeSql, scopeParam, type TenantScope } from '../tenant-scope';

/** What the ticker keeps of a live cron: enough to compute its due times. */
export interface LiveCronRow {
  id: string;
  tenantId: string;
  expression: string;
  firedThrough: Date;
}

/**
 * Enabled crons of live workflows: all of the engine's tenants', a tenant's, or one. The ticker
 * holds these in memory; input, metadata and priority are read when a fire is claimed.
 */
export async function listLiveCrons(
  db: Queryable,
  tenants: TenantScope,
  scope: { tenantId?: string; cronId?: string } = {},
): Promise<LiveCronRow[]> {
  const { rows } = await db.query<LiveCronRow>(
    `SELECT c.id, c.tenant_id AS "tenantId", c.expression, c.fired_through AS "firedThrough"
       FROM cron_triggers c JOIN workflows w ON w.id = c.workflow_id AND w.deleted_at IS NULL
      WHERE c.enabled AND ($1::uuid IS NULL OR c.tenant_id = $1) AND ($2::uuid IS NULL OR c.id = $2)
        AND ${inScopeSql('c.tenant_id', '$3')}`,
    [scope.tenantId ?? null, scope.cronId ?? null, scopeParam(tenants)],
  );
  return rows;
}

export interface CronFireClaim {
  id: string;
  tenantId: string;
  /** The expression the ticker computed the due time from: an edited cron does not fire it. */
  expression: string;
  dueAt: Date;
  late: boolean;
  runId: string;
}

/** A claimed fire: what its run is made of. */
export interface ClaimedCronFire {
  id: string;
  tenantId: string;
  workflowName: string;
  input: unknown;
  additionalMetadata: Record<string, unknown>;
  priority: number | null;
}

/**
 * Claims fires: moves each cron's cursor to the fire's due time where it is still behind it and
 * the cron is still enabled with the same expression, recording the fire's run, and returns
 * the crons it moved. A concurrent claim of the same fire (another server process) waits on the
 * row and then finds the cursor moved: only one transaction ever claims a fire. Rows are locked
 * in id order first, so that two processes claiming many crons cannot deadlock.
 */
export async function claimCronFires(
  db: Queryable,
  fires: readonly CronFireClaim[],
): Promise<ClaimedCronFire[]> {
  const { rows } = await db.query<ClaimedCronFire>(
    `WITH f AS (
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS f(
         id uuid, "tenantId" uuid, expression text, "dueAt" timestamptz, late boolean, "runId" uuid)
     ), locked AS (
       SELECT c.id FROM cron_triggers c WHERE c.id = ANY($2::uuid[]) ORDER BY c.id FOR UPDATE
     )
     UPDATE cron_triggers c
        SET fired_through = f."dueAt", last_due_at = f."dueAt", last_run_id = f."runId",
            last_fire_late = f.late
       FROM f, workflows w
      WHERE c.id = f.id AND c.tenant_id = f."tenantId" AND c.id IN (SELECT id FROM locked)
        AND c.enabled AND c.expression = f.expression AND c.fired_through < f."dueAt"
        AND w.id = c.workflow_id AND w.deleted_at IS NULL
     RETURNING c.id, c.tenant_id AS "tenantId", w.name AS "workflowName", c.input,
               c.additional_metadata AS "additionalMetadata", c.priority`,
    [JSON.stringify(fires), fires.map((f) => f.id)],
  );
  return rows;
}

/**
 * Makes a workflow's crons declared in code exactly `expressions`, all with `input`: those no
 * longer declared go, new ones start from `now` (they do not fire times before they existed),
 * kept ones keep their cursor and last fire. Returns whether anything changed.
 */
export async function syncDeclaredCrons(
  db: Queryable,
  tenantId: string,
  workflowId: string,
  expressions: readonly string[],
  input: unknown,
  now: Date,
): Promise<boolean> {
  const { rowCount: removed } = await db.query(
    `DELETE FROM cron_triggers
      WHERE tenant_id = $1 AND workflow_id = $2 AND method = 'DEFAULT'
        AND NOT (expression = ANY($3::text[]))`,
    [tenantId, workflowId, expressions],
  );
  if (expressions.length === 0) return removed > 0;
  const { rowCount: written } = await db.query(
    `INSERT INTO cron_triggers (tenant_id, workflow_id, method, name, expression, input, fired_through)
     SELECT $1, $2, 'DEFAULT', '', e, $4::jsonb, $5 FROM unnest($3::text[]) AS e
     ON CONFLICT (tenant_id, workflow_id, method, name, expression)
     DO UPDATE SET input = EXCLUDED.input, updated_at = $5
       WHERE cron_triggers.input IS DISTINCT FROM EXCLUDED.input`,
    [tenantId, workflowId, expressions, JSON.stringify(input ?? {}), now],
  );
  return removed > 0 || written > 0;
}

export interface NewCron {
  workflowId: string;
  name: string;
  expression: string;
  input: Record<string, unknown>;
  additionalMetadata: Record<string, unknown>;
  priority: number | null;
}

/** Creates a cron over REST; undefined when the workflow has one of that name and expression. */
export async function insertCron(
  db: Queryable,
  tenantId: string,
  cron: NewCron,
  now: Date,
): Promise<string | undefined> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO cron_triggers (tenant_id, workflow_id, method, name, expression, input,
                                additional_metadata, priority, fired_through, created_at, updated_at)
     VALUES ($1, $2, 'API', $3, $4, $5, $6, $7, $8, $8, $8)
     ON CONFLICT (tenant_id, workflow_id, method, name, expression) DO NOTHING
     RETURNING id`,
    [
      tenantId,
      cron.workflowId,
      cron.name,
      cron.expression,
      JSON.stringify(cron.input),
      JSON.stringify(cron.additionalMetadata),
      cron.priority,
      now,
    ],
  );
  return rows[0]?.id;
}

export interface CronRef {
  id: string;
  workflowId: string;
  workflowName: string;
  method: 'DEFAULT' | 'API';
  name: string;
  expression: string;
  input: Record<string, unknown>;
  additionalMetadata: Record<string, unknown>;
  priority: number | null;
  enabled: boolean;
}

export async function findCron(
  db: Queryable,
  tenantId: string,
  cronId: string,
): Promise<CronRef | undefined> {
  const { rows } = await db.query<CronRef>(
    `SELECT c.id, c.workflow_id AS "workflowId", w.name AS "workflowName", c.method, c.name,
            c.expression, c.input, c.additional_metadata AS "additionalMetadata", c.priority,
            c.enabled
       FROM cron_triggers c JOIN workflows w ON w.id = c.workflow_id AND w.deleted_at IS NULL
      WHERE c.tenant_id = $1 AND c.id = $2`,
    [tenantId, cronId],
  );
  return rows[0];
}

export interface CronChange {
  enabled?: boolean | undefined;
  name?: string | undefined;
  expression?: string | undefined;
  input?: Record<string, unknown> | undefined;
  additionalMetadata?: Record<string, unknown> | undefined;
  priority?: number | undefined;
}

/**
 * Applies a change. Enabling, or a new expression, moves the cursor to `now`: a cron fires
 * only the times it was live for. 'duplicate' when the new name and expression are taken.
 */
export async function updateCron(
  db: Queryable,
  tenantId: string,
  cronId: string,
  change: CronChange,
  now: Date,
): Promise<boolean | 'duplicate'> {
  try {
    const { rowCount } = await db.query(
      `UPDATE cron_triggers
          SET enabled = COALESCE($3, enabled),
              name = COALESCE($4, name),
              expression = COALESCE($5, expression),
              input = COALESCE($6::jsonb, input),
              additional_metadata = COALESCE($7::jsonb, additional_metadata),
              priority = COALESCE($8, priority),
              fired_through = CASE
                WHEN ($3 AND NOT enabled) OR $5 IS DISTINCT FROM expression AND $5 IS NOT NULL
                THEN GREATEST(fired_through, $9) ELSE fired_through END,
              updated_at = $9
        WHERE tenant_id = $1 AND id = $2`,
      [
        tenantId,
        cronId,
        change.enabled ?? null,
        change.name ?? null,
        change.expression ?? null,
        change.input === undefined ? null : JSON.stringify(change.input),
        change.additionalMetadata === undefined ? null : JSON.stringify(change.additionalMetadata),
        change.priority ?? null,
        now,
      ],
    );
    return rowCount > 0;
  } catch (error) {
    if ((error as { code?: string }).code === '23505') return 'duplicate';
    throw error;
  }
}

export async function deleteCron(
  db: Queryable,
  tenantId: string,
  cronId: string,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `DELETE FROM cron_triggers WHERE tenant_id = $1 AND id = $2`,
    [tenantId, cronId],
  );
  return rowCount > 0;
}

/** A deleted workflow's crons and unfired scheduled runs go with it; fired ones stay as history. */
export async function deleteWorkflowTimedTriggers(
  db: Queryable,
  tenantId: string,
  workflowId: string,
): Promise<void> {
  await db.query(`DELETE FROM cron_triggers WHERE tenant_id = $1 AND workflow_id = $2`, [
    tenantId,
    workflowId,
  ]);
  await db.query(
    `DELETE FROM scheduled_runs WHERE tenant_id = $1 AND workflow_id = $2 AND run_id IS NULL`,
    [tenantId, workflowId],
  );
}
