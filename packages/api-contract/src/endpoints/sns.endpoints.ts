import { z } from 'zod';
import { uuidSchema } from '../common';
import { defineEndpoint } from '../endpoint';
import {
  createSnsIntegrationRequestSchema,
  listSnsIntegrationsSchema,
  snsIntegrationSchema,
} from '../sns';

const tag = 'SNS';

export const snsList = defineEndpoint({
  operationId: 'snsList',
  method: 'GET',
  path: '/api/v1/tenants/{tenant}/sns',
  summary: "The tenant's SNS integrations, each with the URL SNS delivers to",
  tag,
  auth: 'tenant',
  params: z.object({ tenant: uuidSchema }),
  responses: { 200: listSnsIntegrationsSchema },
});

export const snsCreate = defineEndpoint({
  operationId: 'snsCreate',
  method: 'POST',
  path: '/api/v1/tenants/{tenant}/sns',
  summary: 'Accept SNS messages of a topic; 400 when the tenant has it already',
  tag,
  auth: 'tenant',
  minRole: 'MEMBER',
  params: z.object({ tenant: uuidSchema }),
  body: createSnsIntegrationRequestSchema,
  responses: { 201: snsIntegrationSchema },
});

export const snsDelete = defineEndpoint({
  operationId: 'snsDelete',
  method: 'DELETE',
  path: '/api/v1/sns/{sns}',
  summary: 'Stop accepting messages of the topic',
  tag,
  auth: 'tenant',
  minRole: 'MEMBER',
  params: z.object({ sns: uuidSchema }),
  responses: { 204: null },
});

/**
 * Where Amazon SNS delivers. Documented, but not served through the contract router (nor walked
 * by the route tests that walk `allEndpoints`): SNS posts JSON as text/plain, and the message
 * proves itself by its signature (apps/server/src/sns).
 */
export const snsUpdate = defineEndpoint({
  operationId: 'snsUpdate',
  method: 'POST',
  path: '/api/v1/sns/{tenant}/{event}',
  summary:
    'Receives an SNS message: verifies its signature, confirms subscriptions and unsubscriptions, and ingests notifications as events with the path’s key; refused messages store nothing',
  tag,
  auth: 'none',
  params: z.object({ tenant: uuidSchema, event: z.string().min(1).max(255) }),
  body: z.record(z.string(), z.unknown()),
  responses: { 200: null },
});
