import { z } from 'zod';
import { uuidSchema } from '../common';
import { defineEndpoint } from '../endpoint';
import {
  webhookWorkerCreatedSchema,
  webhookWorkerCreateRequestSchema,
  webhookWorkerListResponseSchema,
  webhookWorkerRequestListResponseSchema,
} from '../webhook-workers';

const tag = 'Webhook Worker';

export const webhookList = defineEndpoint({
  operationId: 'webhookList',
  method: 'GET',
  path: '/api/v1/tenants/{tenant}/webhook-workers',
  summary: "The tenant's webhook workers (HTTP endpoints the server delivers tasks to)",
  tag,
  auth: 'tenant',
  params: z.object({ tenant: uuidSchema }),
  responses: { 200: webhookWorkerListResponseSchema },
});

export const webhookCreate = defineEndpoint({
  operationId: 'webhookCreate',
  method: 'POST',
  path: '/api/v1/tenants/{tenant}/webhook-workers',
  summary:
    'Register an HTTP endpoint as a worker; the answer holds its signing secret, shown only this once',
  tag,
  auth: 'tenant',
  minRole: 'MEMBER',
  params: z.object({ tenant: uuidSchema }),
  body: webhookWorkerCreateRequestSchema,
  responses: { 200: webhookWorkerCreatedSchema },
});

/*
 * The reference names this path parameter {webhook}; it is {webhookWorker} here because
 * {webhook} already names an incoming webhook (by name, within its tenant) elsewhere in the
 * contract, and each parameter name resolves its tenant one way. The URLs are the same.
 */

export const webhookDelete = defineEndpoint({
  operationId: 'webhookDelete',
  method: 'DELETE',
  path: '/api/v1/webhook-workers/{webhookWorker}',
  summary: 'Stop delivering tasks to the endpoint and forget it',
  tag,
  auth: 'tenant',
  minRole: 'MEMBER',
  params: z.object({ webhookWorker: uuidSchema }),
  responses: { 200: null },
});

export const webhookRequestsList = defineEndpoint({
  operationId: 'webhookRequestsList',
  method: 'GET',
  path: '/api/v1/webhook-workers/{webhookWorker}/requests',
  summary: 'The latest requests sent to the endpoint (health checks and deliveries), newest first',
  tag,
  auth: 'tenant',
  params: z.object({ webhookWorker: uuidSchema }),
  responses: { 200: webhookWorkerRequestListResponseSchema },
});
