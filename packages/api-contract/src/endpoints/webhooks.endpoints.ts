import { z } from 'zod';
import { uuidSchema } from '../common';
import { defineEndpoint } from '../endpoint';
import { v1WebhookSourceNameSchema } from '../enums';
import {
  v1CreateWebhookRequestSchema,
  v1UpdateWebhookRequestSchema,
  v1WebhookListSchema,
  v1WebhookRequestListSchema,
  v1WebhookSchema,
  webhookNameSchema,
} from '../events';
import { queryArray, queryInt } from '../query';

const tag = 'Webhook';
/** `{webhook}` is the webhook's name, unique within its tenant. */
const webhookParams = z.object({ tenant: uuidSchema, webhook: webhookNameSchema });

export const v1WebhookList = defineEndpoint({
  operationId: 'v1WebhookList',
  method: 'GET',
  path: '/api/v1/stable/tenants/{tenant}/webhooks',
  summary: 'Incoming webhooks, newest first',
  tag,
  auth: 'tenant',
  minRole: 'VIEWER',
  params: z.object({ tenant: uuidSchema }),
  query: z.object({
    offset: queryInt({ min: 0 }).default(0),
    limit: queryInt({ min: 1, max: 1000 }).default(1000),
    sourceNames: queryArray(v1WebhookSourceNameSchema).optional(),
    webhookNames: queryArray(z.string().max(128)).optional(),
  }),
  responses: { 200: v1WebhookListSchema },
});

export const v1WebhookCreate = defineEndpoint({
  operationId: 'v1WebhookCreate',
  method: 'POST',
  path: '/api/v1/stable/tenants/{tenant}/webhooks',
  summary:
    'Creates an incoming webhook; its credentials are write-only and expressions that do not compile are refused',
  tag,
  auth: 'tenant',
  minRole: 'MEMBER',
  params: z.object({ tenant: uuidSchema }),
  body: v1CreateWebhookRequestSchema,
  responses: { 200: v1WebhookSchema },
});

export const v1WebhookGet = defineEndpoint({
  operationId: 'v1WebhookGet',
  method: 'GET',
  path: '/api/v1/stable/tenants/{tenant}/webhooks/{webhook}',
  summary: 'An incoming webhook (without its credentials)',
  tag,
  auth: 'tenant',
  minRole: 'VIEWER',
  rateLimited: true,
  params: webhookParams,
  responses: { 200: v1WebhookSchema },
});

export const v1WebhookUpdate = defineEndpoint({
  operationId: 'v1WebhookUpdate',
  method: 'PATCH',
  path: '/api/v1/stable/tenants/{tenant}/webhooks/{webhook}',
  summary: 'Changes a webhook’s expressions, static payload or response mode',
  tag,
  auth: 'tenant',
  minRole: 'MEMBER',
  params: webhookParams,
  body: v1UpdateWebhookRequestSchema,
  responses: { 200: v1WebhookSchema },
});

export const v1WebhookDelete = defineEndpoint({
  operationId: 'v1WebhookDelete',
  method: 'DELETE',
  path: '/api/v1/stable/tenants/{tenant}/webhooks/{webhook}',
  summary: 'Deletes a webhook; answers the deleted webhook',
  tag,
  auth: 'tenant',
  minRole: 'MEMBER',
  params: webhookParams,
  responses: { 200: v1WebhookSchema },
});

export const v1WebhookRequestList = defineEndpoint({
  operationId: 'v1WebhookRequestList',
  method: 'GET',
  path: '/api/v1/stable/tenants/{tenant}/webhooks/{webhook}/requests',
  summary: 'The latest requests a webhook received, newest first, and how each was answered',
  tag,
  auth: 'tenant',
  minRole: 'VIEWER',
  params: webhookParams,
  responses: { 200: v1WebhookRequestListSchema },
});
