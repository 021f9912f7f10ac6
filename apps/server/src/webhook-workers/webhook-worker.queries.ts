import type { Queryable } from '@trellis/db';
import type { SealedSecret } from './secret-sealer';

export interface WebhookWorkerRow {
  id: string;
  tenantId: string;
  name: string;
  url: string;
  createdAt: Date;
  updatedAt: Date;
}

/** A row with its sealed secret: only the delivery side reads it. */
export interface WebhookWorkerWithSecret extends WebhookWorkerRow {
  secret: SealedSecret;
}

export interface WebhookWorkerRequestRow {
  createdAt: Date;
  method: 'GET' | 'POST' | 'PUT';
  statusCode: number;
}

const COLUMNS = `id, tenant_id AS "tenantId", name, url,
  created_at AS "createdAt", updated_at AS "updatedAt"`;
const SECRET_COLUMNS = `json_build_object('iv', secret_iv, 'tag', secret_tag,
  'ciphertext', secret_ciphertext) AS secret`;

export async function listWebhookWorkers(
  db: Queryable,
  tenantId: string,
): Promise<WebhookWorkerRow[]> {
  const { rows } = await db.query<WebhookWorkerRow>(
    `SELECT ${COLUMNS} FROM webhook_workers WHERE tenant_id = $1 ORDER BY created_at, id`,
    [tenantId],
  );
  return rows;
}

/** Every tenant's webhook workers: the supervisor acts for all of them. */
export async function listAllWebhookWorkers(db: Queryable): Promise<WebhookWorkerWithSecret[]> {
  const { rows } = await db.query<WebhookWorkerWithSecret>(
    `SELECT ${COLUMNS}, ${SECRET_COLUMNS} FROM webhook_workers ORDER BY created_at, id`,
  );
  return rows;
}

/** Marks the engine worker registered to act for a webhook worker (the workers list shows it). */
export async function markEngineWorker(
  db: Queryable,
  tenantId: string,
  engineWorkerId: string,
  webhookWorkerId: string,
): Promise<void> {
  await db.query(`UPDATE workers SET webhook_worker_id = $3 WHERE tenant_id = $1 AND id = $2`, [
    tenantId,
    engineWorkerId,
    webhookWorkerId,
  ]);
}

/** The new worker, or undefined when the tenant has one with that URL already. */
export async function insertWebhookWorker(
  db: Queryable,
  worker: { id: string; tenantId: string; name: string; url: string; secret: SealedSecret },
): Promise<WebhookWorkerWithSecret | undefined> {
  const { rows } = await db.query<WebhookWorkerWithSecret>(
    `INSERT INTO webhook_workers (id, tenant_id, name, url, secret_iv, secret_tag, secret_ciphertext)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (tenant_id, url) DO NOTHING RETURNING ${COLUMNS}, ${SECRET_COLUMNS}`,
    [
      worker.id,
      worker.tenantId,
      worker.name,
      worker.url,
      worker.secret.iv,
      worker.secret.tag,
      worker.secret.ciphertext,
    ],
  );
  return rows[0];
}

export async function deleteWebhookWorker(
  db: Queryable,
  tenantId: string,
  id: string,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `DELETE FROM webhook_workers WHERE tenant_id = $1 AND id = $2`,
    [tenantId, id],
  );
  return rowCount === 1;
}

/** Records one request and drops the worker's oldest beyond the newest `keep`. */
export async function insertWebhookWorkerRequest(
  db: Queryable,
  request: {
    tenantId: string;
    webhookWorkerId: string;
    method: 'PUT' | 'POST';
    statusCode: number;
  },
  keep: number,
): Promise<void> {
  // The worker may have been deleted while the request was under way: nothing to record then.
  await db.query(
    `WITH inserted AS (
       INSERT INTO webhook_worker_requests (tenant_id, webhook_worker_id, method, status_code)
       SELECT tenant_id, id, $3, $4 FROM webhook_workers WHERE tenant_id = $1 AND id = $2
     )
     DELETE FROM webhook_worker_requests
     WHERE tenant_id = $1 AND webhook_worker_id = $2
       AND id <= (SELECT id FROM webhook_worker_requests
                  WHERE tenant_id = $1 AND webhook_worker_id = $2
                  ORDER BY id DESC OFFSET $5 LIMIT 1)`,
    [request.tenantId, request.webhookWorkerId, request.method, request.statusCode, keep - 1],
  );
}

export async function listWebhookWorkerRequests(
  db: Queryable,
  tenantId: string,
  webhookWorkerId: string,
): Promise<WebhookWorkerRequestRow[]> {
  const { rows } = await db.query<WebhookWorkerRequestRow>(
    `SELECT created_at AS "createdAt", method, status_code AS "statusCode"
       FROM webhook_worker_requests
      WHERE tenant_id = $1 AND webhook_worker_id = $2
      ORDER BY id DESC`,
    [tenantId, webhookWorkerId],
  );
  return rows;
}
