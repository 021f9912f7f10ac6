import type { Queryable } from '@trellis/db';
import type { DesiredLabel } from '@trellis/engine';

export interface WorkerViewRow {
  id: string;
  name: string;
  actions: string[];
  slotConfig: Record<string, number>;
  /** Units in use per slot type, from the running set. */
  slotsUsed: Record<string, number>;
  labels: Record<string, string | number>;
  runtimeInfo: Record<string, unknown> | null;
  status: 'ACTIVE' | 'INACTIVE';
  isPaused: boolean;
  /** Set when the server acted for a webhook worker through this one. */
  webhookWorkerId: string | null;
  lastHeartbeatAt: Date;
  createdAt: Date;
  updatedAt: Date;
}

const WORKER_SELECT = `SELECT w.id, w.name, w.actions, w.slot_config AS "slotConfig",
  coalesce((SELECT jsonb_object_agg(slot_type, units) FROM (
     SELECT held.slot_type, sum(held.slot_units)::int AS units FROM (
       -- A batch's members share one slot: it is counted once.
       SELECT DISTINCT ON (coalesce(rt.batch_id::text, rt.task_id::text)) rt.slot_type, rt.slot_units
         FROM task_runtimes rt WHERE rt.tenant_id = w.tenant_id AND rt.worker_id = w.id) held
     GROUP BY held.slot_type) used), '{}') AS "slotsUsed",
  w.labels, w.runtime_info AS "runtimeInfo", w.status, w.is_paused AS "isPaused",
  w.webhook_worker_id AS "webhookWorkerId", w.last_heartbeat_at AS "lastHeartbeatAt", w.created_at AS "createdAt", w.updated_at AS "updatedAt"
  FROM workers w`;

/** Workers seen in the last day, most recently seen first. */
export async function listRecentWorkers(db: Queryable, tenantId: string): Promise<WorkerViewRow[]> {
  const { rows } = await db.query<WorkerViewRow>(
    `${WORKER_SELECT} WHERE w.tenant_id = $1 AND w.last_heartbeat_at > now() - interval '24 hours'
     ORDER BY w.last_heartbeat_at DESC, w.id`,
    [tenantId],
  );
  return rows;
}

export async function findWorkerView(
  db: Queryable,
  tenantId: string,
  workerId: string,
): Promise<WorkerViewRow | undefined> {
  const { rows } = await db.query<WorkerViewRow>(
    `${WORKER_SELECT} WHERE w.tenant_id = $1 AND w.id = $2`,
    [tenantId, workerId],
  );
  return rows[0];
}

export interface WorkerTaskRow {
  externalId: string;
  runId: string;
  actionId: string;
  status: string;
  startedAt: Date | null;
  finishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The latest tasks a worker ran. */
export async function listRecentWorkerTasks(
  db: Queryable,
  tenantId: string,
  workerId: string,
  limit: number,
): Promise<WorkerTaskRow[]> {
  const { rows } = await db.query<WorkerTaskRow>(
    `SELECT t.external_id AS "externalId", t.run_id AS "runId", t.action_id AS "actionId", t.status,
       t.started_at AS "startedAt", t.finished_at AS "finishedAt", t.created_at AS "createdAt",
       coalesce(t.finished_at, t.started_at, t.created_at) AS "updatedAt"
     FROM tasks t WHERE t.tenant_id = $1 AND t.worker_id = $2
     ORDER BY t.id DESC LIMIT ${limit}`,
    [tenantId, workerId],
  );
  return rows;
}

/** Workflows whose latest version has a task this worker can run. */
export async function listWorkflowsServedBy(
  db: Queryable,
  tenantId: string,
  actions: readonly string[],
): Promise<{ id: string; name: string }[]> {
  if (actions.length === 0) return [];
  const { rows } = await db.query<{ id: string; name: string }>(
    `SELECT DISTINCT w.id, w.name FROM workflows w
     JOIN LATERAL (SELECT v.id FROM workflow_versions v WHERE v.workflow_id = w.id
                   ORDER BY v.version_order DESC LIMIT 1) latest ON true
     JOIN workflow_steps s ON s.workflow_version_id = latest.id
     WHERE w.tenant_id = $1 AND w.deleted_at IS NULL AND s.action_id = ANY($2::text[])
     ORDER BY w.name`,
    [tenantId, actions],
  );
  return rows;
}

export interface LabelledStepRow {
  workflowId: string;
  workflowName: string;
  taskName: string;
  actionId: string;
  desiredLabels: DesiredLabel[];
}

/** The tasks of workflows' newest versions among these actions that ask for worker labels. */
export async function listLabelledStepsServedBy(
  db: Queryable,
  tenantId: string,
  actions: readonly string[],
): Promise<LabelledStepRow[]> {
  if (actions.length === 0) return [];
  const { rows } = await db.query<LabelledStepRow>(
    `SELECT w.id AS "workflowId", w.name AS "workflowName", s.readable_id AS "taskName",
            s.action_id AS "actionId", s.desired_labels AS "desiredLabels"
       FROM workflows w
       JOIN LATERAL (SELECT v.id FROM workflow_versions v WHERE v.workflow_id = w.id
                     ORDER BY v.version_order DESC LIMIT 1) latest ON true
       JOIN workflow_steps s ON s.workflow_version_id = latest.id
      WHERE w.tenant_id = $1 AND w.deleted_at IS NULL AND s.action_id = ANY($2::text[])
        AND s.desired_labels <> '[]'::jsonb
      ORDER BY w.name, s.position`,
    [tenantId, actions],
  );
  return rows;
}

/**
 * The slots of the active, unpaused workers serving any task of a workflow's newest version:
 * how many there are and how many are free.
 */
export async function listServingWorkerSlots(
  db: Queryable,
  tenantId: string,
  workflowId: string,
): Promise<{ free: number; max: number }> {
  const { rows } = await db.query<WorkerViewRow>(
    `${WORKER_SELECT}
      WHERE w.tenant_id = $1 AND w.status = 'ACTIVE' AND NOT w.is_paused
        AND w.actions && ARRAY(
          SELECT s.action_id FROM workflow_steps s
           WHERE s.workflow_version_id = (
             SELECT v.id FROM workflow_versions v WHERE v.tenant_id = $1 AND v.workflow_id = $2
              ORDER BY v.version_order DESC LIMIT 1))`,
    [tenantId, workflowId],
  );
  let free = 0;
  let max = 0;
  for (const worker of rows) {
    for (const [type, limit] of Object.entries(worker.slotConfig)) {
      max += limit;
      free += Math.max(0, limit - (worker.slotsUsed[type] ?? 0));
    }
  }
  return { free, max };
}
