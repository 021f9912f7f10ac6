import { z } from 'zod';
import { uuidSchema } from '../common';
import { defineEndpoint } from '../endpoint';
import { queryInt } from '../query';
import {
  workflowListSchema,
  workflowSchema,
  workflowUpdateRequestSchema,
  workflowVersionSchema,
} from '../workflows';

const tag = 'Workflow';
const workflowParams = z.object({ workflow: uuidSchema });

export const workflowList = defineEndpoint({
  operationId: 'workflowList',
  method: 'GET',
  path: '/api/v1/tenants/{tenant}/workflows',
  summary: "The tenant's workflows, optionally those whose name contains `name`",
  tag,
  auth: 'tenant',
  minRole: 'VIEWER',
  params: z.object({ tenant: uuidSchema }),
  query: z.object({
    offset: queryInt({ min: 0 }).default(0),
    limit: queryInt({ min: 0, max: 1000 })
      .default(50)
      .transform((limit) => (limit === 0 ? 50 : limit)),
    name: z.string().max(255).optional(),
  }),
  responses: { 200: workflowListSchema },
});

export const workflowGet = defineEndpoint({
  operationId: 'workflowGet',
  method: 'GET',
  path: '/api/v1/workflows/{workflow}',
  summary: 'A workflow with its latest version',
  tag,
  auth: 'tenant',
  minRole: 'VIEWER',
  params: workflowParams,
  responses: { 200: workflowSchema },
});

export const workflowUpdate = defineEndpoint({
  operationId: 'workflowUpdate',
  method: 'PATCH',
  path: '/api/v1/workflows/{workflow}',
  summary: "Pause or unpause a workflow; a paused workflow's runs wait until it is unpaused",
  tag,
  auth: 'tenant',
  minRole: 'MEMBER',
  params: workflowParams,
  body: workflowUpdateRequestSchema,
  responses: { 200: workflowSchema },
});

export const workflowDelete = defineEndpoint({
  operationId: 'workflowDelete',
  method: 'DELETE',
  path: '/api/v1/workflows/{workflow}',
  summary: 'Delete a workflow; its past runs stay readable and new runs of it are refused',
  tag,
  auth: 'tenant',
  minRole: 'MEMBER',
  params: workflowParams,
  responses: { 204: null },
});

export const workflowVersionGet = defineEndpoint({
  operationId: 'workflowVersionGet',
  method: 'GET',
  path: '/api/v1/workflows/{workflow}/versions',
  summary:
    'A version of a workflow (the latest unless `version` names one), with its tasks and triggers',
  tag,
  auth: 'tenant',
  minRole: 'VIEWER',
  params: workflowParams,
  query: z.object({ version: uuidSchema.optional() }),
  responses: { 200: workflowVersionSchema },
});
