import type { Queryable } from '@trellis/db';
import { inScopeSql, scopeParam, type TenantScope } from '../tenant-scope';
import type { ConcurrencyDefinition } from '../concurrency';
import type { IdempotencyDefinition } from '../idempotency';
import type { StepDefinition, WorkflowDefinition } from '../workflow-definition';

export interface StepRow extends StepDefinition {
  id: string;
}

export interface VersionRow {
  workflowId: string;
  workflowName: string;
  versionId: string;
  versionOrder: number;
  defaultPriority: number;
  /** The workflow's own concurrency limits (its steps carry theirs). */
  concurrency: ConcurrencyDefinition[];
  idempotency: IdempotencyDefinition | null;
}

/** The live workflow of that name, created if missing (names are unique among non-deleted). */
export async function upsertWorkflow(
  db: Queryable,
  tenantId: string,
  name: string,
  description: string,
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO workflows (tenant_id, name, description) VALUES ($1, $2, $3)
     ON CONFLICT (tenant_id, name) WHERE deleted_at IS NULL
     DO UPDATE SET description = EXCLUDED.description, updated_at = now()
     RETURNING id`,
    [tenantId, name, description],
  );
  return rows[0]!.id;
}

/** The newest version of a workflow, to compare checksums with. */
export async function findLatestVersionChecksum(
  db: Queryable,
  tenantId: string,
  workflowId: string,
): Promise<{ id: string; checksum: string } | undefined> {
  const { rows } = await db.query<{ id: string; checksum: string }>(
    `SELECT id, checksum FROM workflow_versions WHERE tenant_id = $1 AND workflow_id = $2
      ORDER BY version_order DESC LIMIT 1`,
    [tenantId, workflowId],
  );
  return rows[0];
}

export async function insertVersion(
  db: Queryable,
  tenantId: string,
  workflowId: string,
  checksum: string,
  definition: WorkflowDefinition,
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO workflow_versions
       (tenant_id, workflow_id, version_order, version, checksum, definition, default_priority, input_json_schema)
     SELECT $1, $2, COALESCE(max(version_order), 0) + 1, $3, $4, $5::jsonb, $6, $7::jsonb
       FROM workflow_versions WHERE tenant_id = $1 AND workflow_id = $2
     RETURNING id`,
    [
      tenantId,
      workflowId,
      definition.version,
      checksum,
      JSON.stringify(definition),
      definition.defaultPriority,
      definition.inputJsonSchema === null ? null : JSON.stringify(definition.inputJsonSchema),
    ],
  );
  return rows[0]!.id;
}

export async function insertSteps(
  db: Queryable,
  tenantId: string,
  versionId: string,
  steps: readonly StepDefinition[],
): Promise<void> {
  await db.query(
    `INSERT INTO workflow_steps
       (tenant_id, workflow_version_id, readable_id, action_id, parents, retries, backoff_factor,
        backoff_max_seconds, timeout_seconds, schedule_timeout_seconds, slot_type, slot_units,
        is_on_failure, is_durable, concurrency, rate_limits, desired_labels, sticky, batch, conditions,
        position)
     SELECT $1, $2, s."readableId", s."actionId",
            ARRAY(SELECT jsonb_array_elements_text(s.parents)), s.retries, s."backoffFactor",
            s."backoffMaxSeconds", s."timeoutSeconds", s."scheduleTimeoutSeconds", s."slotType",
            s."slotUnits", s."isOnFailure", s."isDurable", s.concurrency, s."rateLimits", s."desiredLabels", s.sticky,
            s.batch, s.conditions, s.position
       FROM jsonb_to_recordset($3::jsonb) AS s(
         "readableId" text, "actionId" text, parents jsonb, retries int, "backoffFactor" float8,
         "backoffMaxSeconds" int, "timeoutSeconds" int, "scheduleTimeoutSeconds" int,
         "slotType" text, "slotUnits" int, "isOnFailure" bool, "isDurable" bool,
         concurrency jsonb, "rateLimits" jsonb, "desiredLabels" jsonb, sticky text,
         batch jsonb, conditions jsonb, position int)`,
    [tenantId, versionId, JSON.stringify(steps.map((s, position) => ({ ...s, position })))],
  );
}

/** The newest version of a live workflow, by name. */
export async function findLatestVersion(
  db: Queryable,
  tenantId: string,
  name: string,
): Promise<VersionRow | undefined> {
  const { rows } = await db.query<VersionRow>(
    `SELECT w.id AS "workflowId", w.name AS "workflowName", v.id AS "versionId",
            v.version_order AS "versionOrder", v.default_priority AS "defaultPriority",
            COALESCE(v.definition->'concurrency', '[]') AS concurrency,
            v.definition->'idempotency' AS idempotency
       FROM workflows w
       JOIN workflow_versions v ON v.workflow_id = w.id AND v.tenant_id = w.tenant_id
      WHERE w.tenant_id = $1 AND w.name = $2 AND w.deleted_at IS NULL
      ORDER BY v.version_order DESC LIMIT 1`,
    [tenantId, name],
  );
  return rows[0];
}

const STEP_COLUMNS = `id, readable_id AS "readableId", action_id AS "actionId", parents, retries,
  backoff_factor AS "backoffFactor", backoff_max_seconds AS "backoffMaxSeconds",
  timeout_seconds AS "timeoutSeconds", schedule_timeout_seconds AS "scheduleTimeoutSeconds",
  slot_type AS "slotType", slot_units AS "slotUnits", is_on_failure AS "isOnFailure",
  is_durable AS "isDurable", concurrency, rate_limits AS "rateLimits",
  desired_labels AS "desiredLabels", sticky, batch, conditions`;

export async function listVersionSteps(
  db: Queryable,
  tenantId: string,
  versionId: string,
): Promise<StepRow[]> {
  const { rows } = await db.query<StepRow>(
    `SELECT ${STEP_COLUMNS} FROM workflow_steps
      WHERE tenant_id = $1 AND workflow_version_id = $2 ORDER BY position`,
    [tenantId, versionId],
  );
  return rows;
}

/** The on-failure steps of these versions (created lazily, when a task of the run fails). */
export type OnFailureStep = StepRow & { workflowVersionId: string };

export async function listOnFailureSteps(
  db: Queryable,
  versionIds: readonly string[],
): Promise<OnFailureStep[]> {
  const { rows } = await db.query<OnFailureStep>(
    `SELECT ${STEP_COLUMNS}, workflow_version_id AS "workflowVersionId" FROM workflow_steps
      WHERE workflow_version_id = ANY($1::uuid[]) AND is_on_failure`,
    [versionIds],
  );
  return rows;
}

/** Which of these steps are the only step of their version (a standalone task, no on-failure). */
export async function findSoleSteps(
  db: Queryable,
  stepIds: readonly string[],
): Promise<{ stepId: string; sole: boolean }[]> {
  const { rows } = await db.query<{ stepId: string; sole: boolean }>(
    `SELECT s.id AS "stepId",
            (SELECT count(*) FROM workflow_steps o
              WHERE o.workflow_version_id = s.workflow_version_id) = 1 AS sole
       FROM workflow_steps s WHERE s.id = ANY($1::uuid[])`,
    [stepIds],
  );
  return rows;
}

/** Marks a workflow deleted; resolves to its name, or undefined when there was none to delete. */
export async function softDeleteWorkflow(
  db: Queryable,
  tenantId: string,
  workflowId: string,
): Promise<string | undefined> {
  const { rows } = await db.query<{ name: string }>(
    `UPDATE workflows SET deleted_at = now(), updated_at = now()
     WHERE tenant_id = $1 AND id = $2 AND deleted_at IS NULL RETURNING name`,
    [tenantId, workflowId],
  );
  return rows[0]?.name;
}

/** Sets a workflow's paused flag; resolves to false when the workflow does not exist. */
export async function updateWorkflowPaused(
  db: Queryable,
  tenantId: string,
  workflowId: string,
  isPaused: boolean,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE workflows SET is_paused = $3, updated_at = now()
     WHERE tenant_id = $1 AND id = $2 AND deleted_at IS NULL`,
    [tenantId, workflowId, isPaused],
  );
  return rowCount === 1;
}

/** Every action any version of a workflow declared: what pausing it holds back. */
export async function listWorkflowActions(
  db: Queryable,
  tenantId: string,
  workflowId: string,
): Promise<string[]> {
  const { rows } = await db.query<{ actionId: string }>(
    `SELECT DISTINCT s.action_id AS "actionId" FROM workflow_steps s
     JOIN workflow_versions v ON v.id = s.workflow_version_id
     WHERE v.tenant_id = $1 AND v.workflow_id = $2`,
    [tenantId, workflowId],
  );
  return rows.map((row) => row.actionId);
}

/** The actions of every paused workflow, for the engine to hold back after a restart. */
export async function listPausedActions(
  db: Queryable,
  scope: TenantScope,
): Promise<{ tenantId: string; actionId: string }[]> {
  const { rows } = await db.query<{ tenantId: string; actionId: string }>(
    `SELECT DISTINCT w.tenant_id AS "tenantId", s.action_id AS "actionId" FROM workflows w
     JOIN workflow_versions v ON v.workflow_id = w.id
     JOIN workflow_steps s ON s.workflow_version_id = v.id
     WHERE w.is_paused AND w.deleted_at IS NULL AND ${inScopeSql('w.tenant_id', '$1')}`,
    [scopeParam(scope)],
  );
  return rows;
}
