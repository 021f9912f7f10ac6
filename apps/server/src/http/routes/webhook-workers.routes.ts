/**
 * Webhook workers (legacy HTTP workers): endpoints registered with a URL and a signing secret,
 * which the server works for (webhook-workers/webhook-worker-supervisor.ts says how).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  webhookCreate,
  webhookDelete,
  webhookList,
  webhookRequestsList,
  type WebhookWorker,
} from '@trellis/api-contract';
import { WebhookWorkerSecretSealer } from '../../webhook-workers/secret-sealer';
import { WebhookWorkerSupervisor } from '../../webhook-workers/webhook-worker-supervisor';
import {
  deleteWebhookWorker,
  insertWebhookWorker,
  listWebhookWorkerRequests,
  listWebhookWorkers,
  type WebhookWorkerRow,
} from '../../webhook-workers/webhook-worker.queries';
import { badRequest, notFound } from '../api-error';
import type { ApiRouter } from '../api-router';

const DUPLICATE_URL = 'A webhook with the same url already exists, please delete it and try again.';

export function registerWebhookWorkerRoutes(api: ApiRouter, app: FastifyInstance): void {
  const { db, engine } = api.context;
  const sealer = new WebhookWorkerSecretSealer(db);
  const supervisor = new WebhookWorkerSupervisor({
    db,
    engine,
    sealer,
    admitWorker: (tenantId, slots, register) =>
      api.context.resourceLimits.admitWorker(tenantId, slots, register),
    log: (message, error) => app.log.error({ err: error }, message),
  });
  app.addHook('onReady', async () => supervisor.start());
  // Requests under way finish (or are aborted) before the engine and the database close.
  app.addHook('onClose', async () => supervisor.close());

  api.handle(webhookList, async ({ identity }) => ({
    rows: (await listWebhookWorkers(db, identity.tenant!.id)).map(present),
  }));

  api.handle(webhookCreate, async ({ body, identity }) => {
    const tenantId = identity.tenant!.id;
    const id = randomUUID();
    const secret = body.secret ?? randomBytes(32).toString('base64url');
    const row = await insertWebhookWorker(db, {
      id,
      tenantId,
      name: body.name,
      url: body.url,
      secret: await sealer.seal({ tenantId, id }, secret),
    });
    if (!row) throw badRequest(DUPLICATE_URL, 'url');
    supervisor.added(row);
    return { ...present(row), secret };
  });

  api.handle(webhookDelete, async ({ params, identity }) => {
    if (!(await deleteWebhookWorker(db, identity.tenant!.id, params.webhookWorker))) {
      throw notFound(`webhook worker ${params.webhookWorker} not found`);
    }
    await supervisor.removed(params.webhookWorker);
  });

  api.handle(webhookRequestsList, async ({ params, identity }) => ({
    requests: (await listWebhookWorkerRequests(db, identity.tenant!.id, params.webhookWorker)).map(
      (request) => ({
        created_at: request.createdAt.toISOString(),
        method: request.method,
        statusCode: request.statusCode,
      }),
    ),
  }));
}

function present(row: WebhookWorkerRow): WebhookWorker {
  return {
    metadata: {
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    },
    name: row.name,
    url: row.url,
  };
}
