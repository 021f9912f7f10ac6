import type { Queryable } from '@trellis/db';
import { inScopeSql, scopeParam, type TenantScope } from '../tenant-scope';
import type { Write } from './combined-writes';

export interface WorkerRow {
  id: string;
  tenantId: string;
  name: string;
  actions: string[];
  slotConfig: Record<string, number>;
  labels: Record<string, string | number>;
  status: 'ACTIVE' | 'INACTIVE';
  isPaused: boolean;
  lastHeartbeatAt: Date;
}

const WORKER_COLUMNS = `id, tenant_id AS "tenantId", name, actions, slot_config AS "slotConfig",
  labels, status, is_paused AS "isPaused", last_heartbeat_at AS "lastHeartbeatAt"`;

export async function insertWorker(
  db: Queryable,
  worker: {
    id: string;
    tenantId: string;
    name: string;
    actions: readonly string[];
    slotConfig: Record<string, number>;
    labels: Record<string, string | number>;
    runtimeInfo: unknown;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO workers (id, tenant_id, name, actions, slot_config, labels, runtime_info, status)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7::jsonb, 'ACTIVE')`,
    [
      worker.id,
      worker.tenantId,
      worker.name,
      worker.actions,
      JSON.stringify(worker.slotConfig),
      JSON.stringify(worker.labels),
      JSON.stringify(worker.runtimeInfo ?? null),
    ],
  );
}

/** Workers that were active when the server last ran; they may reconnect with their ids. */
export async function listActiveWorkers(db: Queryable, scope: TenantScope): Promise<WorkerRow[]> {
  const { rows } = await db.query<WorkerRow>(
    `SELECT ${WORKER_COLUMNS} FROM workers
      WHERE status = 'ACTIVE' AND ${inScopeSql('tenant_id', '$1')}`,
    [scopeParam(scope)],
  );
  return rows;
}

export async function findWorker(
  db: Queryable,
  tenantId: string,
  workerId: string,
): Promise<WorkerRow | undefined> {
  const { rows } = await db.query<WorkerRow>(
    `SELECT ${WORKER_COLUMNS} FROM workers WHERE tenant_id = $1 AND id = $2`,
    [tenantId, workerId],
  );
  return rows[0];
}

/** Status changes and heartbeats, batched per tick. */
export function workerStatesUpdate(
  workers: readonly {
    tenantId: string;
    workerId: string;
    status: 'ACTIVE' | 'INACTIVE';
    lastHeartbeatAt: Date;
  }[],
): Write {
  return {
    text: (first) =>
      `UPDATE workers w SET status = x.status, last_heartbeat_at = x."lastHeartbeatAt", updated_at = now()
       FROM jsonb_to_recordset($${first}::jsonb) AS x(
         "tenantId" uuid, "workerId" uuid, status text, "lastHeartbeatAt" timestamptz)
      WHERE w.id = x."workerId" AND w.tenant_id = x."tenantId"`,
    params: [JSON.stringify(workers)],
  };
}

export async function updateWorkerLabels(
  db: Queryable,
  tenantId: string,
  workerId: string,
  labels: Record<string, string | number>,
): Promise<void> {
  await db.query(
    `UPDATE workers SET labels = $3::jsonb, updated_at = now() WHERE tenant_id = $1 AND id = $2`,
    [tenantId, workerId, JSON.stringify(labels)],
  );
}

export async function setWorkerPaused(
  db: Queryable,
  tenantId: string,
  workerId: string,
  isPaused: boolean,
): Promise<void> {
  await db.query(
    `UPDATE workers SET is_paused = $3, updated_at = now() WHERE tenant_id = $1 AND id = $2`,
    [tenantId, workerId, isPaused],
  );
}
