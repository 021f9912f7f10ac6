import { z } from 'zod';
import { uuidSchema } from '../common';
import { defineEndpoint } from '../endpoint';
import { metadataFilterQuery, queryInt } from '../query';
import {
  createCronWorkflowTriggerRequestSchema,
  cronWorkflowsListSchema,
  cronWorkflowsOrderByFieldSchema,
  cronWorkflowsSchema,
  orderByDirectionSchema,
  triggerRunResultSchema,
  updateCronWorkflowTriggerRequestSchema,
} from '../schedules';

const tag = 'Workflow';
const cronParams = z.object({ tenant: uuidSchema, cron: uuidSchema });

export const cronWorkflowTriggerCreate = defineEndpoint({
  operationId: 'cronWorkflowTriggerCreate',
  method: 'POST',
  path: '/api/v1/tenants/{tenant}/workflows/{workflowName}/crons',
  summary:
    'Creates a cron trigger for the workflow named in the path; an invalid cron is refused on `cronExpression` with the spec message',
  tag,
  auth: 'tenant',
  minRole: 'MEMBER',
  params: z.object({ tenant: uuidSchema, workflowName: z.string().min(1).max(255) }),
  body: createCronWorkflowTriggerRequestSchema,
  responses: { 200: cronWorkflowsSchema },
});

export const cronWorkflowList = defineEndpoint({
  operationId: 'cronWorkflowList',
  method: 'GET',
  path: '/api/v1/tenants/{tenant}/workflows/crons',
  summary: 'Cron triggers, declared in code and created over REST',
  tag,
  auth: 'tenant',
  minRole: 'VIEWER',
  params: z.object({ tenant: uuidSchema }),
  query: z.object({
    offset: queryInt({ min: 0 }).default(0),
    limit: queryInt({ min: 1, max: 1000 }).default(50),
    workflowId: uuidSchema.optional(),
    workflowName: z.string().max(255).optional(),
    cronName: z.string().max(255).optional(),
    additionalMetadata: metadataFilterQuery.optional(),
    orderByField: cronWorkflowsOrderByFieldSchema.default('createdAt'),
    orderByDirection: orderByDirectionSchema.default('DESC'),
  }),
  responses: { 200: cronWorkflowsListSchema },
});

export const workflowCronGet = defineEndpoint({
  operationId: 'workflowCronGet',
  method: 'GET',
  path: '/api/v1/tenants/{tenant}/workflows/crons/{cron}',
  summary: 'A cron trigger, with its last fire',
  tag,
  auth: 'tenant',
  minRole: 'VIEWER',
  params: cronParams,
  responses: { 200: cronWorkflowsSchema },
});

export const workflowCronUpdate = defineEndpoint({
  operationId: 'workflowCronUpdate',
  method: 'PATCH',
  path: '/api/v1/tenants/{tenant}/workflows/crons/{cron}',
  summary:
    'Enables or disables a cron; a cron created over REST may also change its expression, name, input, metadata and priority',
  tag,
  auth: 'tenant',
  minRole: 'MEMBER',
  params: cronParams,
  body: updateCronWorkflowTriggerRequestSchema,
  responses: { 204: null },
});

export const workflowCronDelete = defineEndpoint({
  operationId: 'workflowCronDelete',
  method: 'DELETE',
  path: '/api/v1/tenants/{tenant}/workflows/crons/{cron}',
  summary: 'Deletes a cron created over REST; one declared in code goes with its code',
  tag,
  auth: 'tenant',
  minRole: 'MEMBER',
  params: cronParams,
  responses: { 204: null },
});

export const workflowCronTrigger = defineEndpoint({
  operationId: 'workflowCronTrigger',
  method: 'POST',
  path: '/api/v1/tenants/{tenant}/workflows/crons/{cron}',
  summary: "Runs the cron's workflow now, with its input and metadata",
  tag,
  auth: 'tenant',
  minRole: 'MEMBER',
  params: cronParams,
  responses: { 200: triggerRunResultSchema },
});
