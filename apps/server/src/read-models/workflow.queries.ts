import type { Queryable } from '@trellis/db';
import { escapeLike } from './run-filter';
import type { StepRow } from '@trellis/engine';

export interface WorkflowViewRow {
  id: string;
  tenantId: string;
  name: string;
  description: string;
  isPaused: boolean;
  createdAt: Date;
  updatedAt: Date;
  latestVersionId: string | null;
  latestVersionOrder: number | null;
  latestVersionCreatedAt: Date | null;
}

const WORKFLOW_SELECT = `SELECT w.id, w.tenant_id AS "tenantId", w.name, w.description, w.is_paused AS "isPaused",
  w.created_at AS "createdAt", w.updated_at AS "updatedAt",
  latest.id AS "latestVersionId", latest.version_order AS "latestVersionOrder",
  latest.created_at AS "latestVersionCreatedAt"
  FROM workflows w
  LEFT JOIN LATERAL (SELECT v.id, v.version_order, v.created_at FROM workflow_versions v
                     WHERE v.workflow_id = w.id ORDER BY v.version_order DESC LIMIT 1) latest ON true`;

/** A page of a tenant's workflows by name, and how many there are. */
export async function listWorkflows(
  db: Queryable,
  tenantId: string,
  options: { nameContains?: string | undefined; offset: number; limit: number },
): Promise<{ rows: WorkflowViewRow[]; total: number }> {
  const params: unknown[] = [tenantId];
  let where = 'w.tenant_id = $1 AND w.deleted_at IS NULL';
  if (options.nameContains) {
    params.push(`%${escapeLike(options.nameContains)}%`);
    where += ` AND w.name ILIKE $${params.length}`;
  }
  const { rows } = await db.query<WorkflowViewRow>(
    `${WORKFLOW_SELECT} WHERE ${where} ORDER BY w.name, w.id LIMIT ${options.limit} OFFSET ${options.offset}`,
    params,
  );
  const count = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM workflows w WHERE ${where}`,
    params,
  );
  return { rows, total: count.rows[0]!.total };
}

export async function findWorkflowView(
  db: Queryable,
  tenantId: string,
  id: string,
): Promise<WorkflowViewRow | undefined> {
  const { rows } = await db.query<WorkflowViewRow>(
    `${WORKFLOW_SELECT} WHERE w.tenant_id = $1 AND w.id = $2 AND w.deleted_at IS NULL`,
    [tenantId, id],
  );
  return rows[0];
}

export interface WorkflowVersionViewRow {
  id: string;
  workflowId: string;
  versionOrder: number;
  version: string;
  definition: Record<string, unknown>;
  defaultPriority: number;
  inputJsonSchema: Record<string, unknown> | null;
  createdAt: Date;
}

/** A version of a workflow: the given one, or the latest. */
export async function findWorkflowVersionView(
  db: Queryable,
  tenantId: string,
  workflowId: string,
  versionId?: string,
): Promise<WorkflowVersionViewRow | undefined> {
  const { rows } = await db.query<WorkflowVersionViewRow>(
    `SELECT v.id, v.workflow_id AS "workflowId", v.version_order AS "versionOrder", v.version, v.definition,
       v.default_priority AS "defaultPriority", v.input_json_schema AS "inputJsonSchema", v.created_at AS "createdAt"
     FROM workflow_versions v
     WHERE v.tenant_id = $1 AND v.workflow_id = $2 AND ($3::uuid IS NULL OR v.id = $3)
     ORDER BY v.version_order DESC LIMIT 1`,
    [tenantId, workflowId, versionId ?? null],
  );
  return rows[0];
}

/** The columns of the engine's step row that a workflow version's page shows. */
export type StepViewRow = Pick<
  StepRow,
  | 'id'
  | 'readableId'
  | 'actionId'
  | 'parents'
  | 'timeoutSeconds'
  | 'slotType'
  | 'slotUnits'
  | 'isDurable'
  | 'isOnFailure'
>;

export async function listVersionSteps(
  db: Queryable,
  tenantId: string,
  versionId: string,
): Promise<StepViewRow[]> {
  const { rows } = await db.query<StepViewRow>(
    `SELECT id, readable_id AS "readableId", action_id AS "actionId", parents, timeout_seconds AS "timeoutSeconds",
       slot_type AS "slotType", slot_units AS "slotUnits", is_durable AS "isDurable", is_on_failure AS "isOnFailure"
     FROM workflow_steps WHERE tenant_id = $1 AND workflow_version_id = $2 ORDER BY position`,
    [tenantId, versionId],
  );
  return rows;
}

export interface LatestVersionRow {
  id: string;
  workflowId: string;
  inputJsonSchema: Record<string, unknown> | null;
}

/**
 * The version a trigger by workflow name starts: the latest of the live workflow of that name
 * (names are matched lower-cased, as the engine does).
 */
export async function findLatestVersionByName(
  db: Queryable,
  tenantId: string,
  name: string,
): Promise<LatestVersionRow | undefined> {
  const { rows } = await db.query<LatestVersionRow>(
    `SELECT v.id, v.workflow_id AS "workflowId", v.input_json_schema AS "inputJsonSchema"
     FROM workflows w JOIN workflow_versions v ON v.workflow_id = w.id
     WHERE w.tenant_id = $1 AND w.name = $2 AND w.deleted_at IS NULL
     ORDER BY v.version_order DESC LIMIT 1`,
    [tenantId, name.toLowerCase()],
  );
  return rows[0];
}
