import { z } from 'zod';
import { uuidSchema } from '../common';
import { defineEndpoint } from '../endpoint';
import {
  rateLimitListSchema,
  rateLimitOrderByDirectionSchema,
  rateLimitOrderByFieldSchema,
  taskStatsSchema,
  tenantQueueMetricsSchema,
  tenantStepRunQueueMetricsSchema,
  workflowWorkersCountSchema,
} from '../flow-control';
import { metadataFilterQuery, queryArray, queryInt } from '../query';

const tenantParams = z.object({ tenant: uuidSchema });

export const rateLimitList = defineEndpoint({
  operationId: 'rateLimitList',
  method: 'GET',
  path: '/api/v1/tenants/{tenant}/rate-limits',
  summary: "The tenant's rate limits with what is left of their current window",
  tag: 'Rate Limits',
  auth: 'tenant',
  minRole: 'VIEWER',
  params: tenantParams,
  query: z.object({
    offset: queryInt({ min: 0 }).default(0),
    limit: queryInt({ min: 1, max: 1000 }).default(50),
    search: z.string().max(255).optional(),
    orderByField: rateLimitOrderByFieldSchema.default('key'),
    orderByDirection: rateLimitOrderByDirectionSchema.default('asc'),
  }),
  responses: { 200: rateLimitListSchema },
});

export const rateLimitDelete = defineEndpoint({
  operationId: 'rateLimitDelete',
  method: 'DELETE',
  path: '/api/v1/tenants/{tenant}/rate-limits',
  summary:
    'Deletes a rate limit; a worker declaring it again creates it anew, and tasks naming it wait until one does',
  tag: 'Rate Limits',
  auth: 'tenant',
  minRole: 'MEMBER',
  params: tenantParams,
  query: z.object({ key: z.string().min(1).max(255) }),
  responses: { 204: null },
});

export const tenantGetStepRunQueueMetrics = defineEndpoint({
  operationId: 'tenantGetStepRunQueueMetrics',
  method: 'GET',
  path: '/api/v1/tenants/{tenant}/step-run-queue-metrics',
  summary: 'Queued tasks per queue (action), as the scheduler holds them',
  tag: 'Tenant',
  auth: 'tenant',
  minRole: 'VIEWER',
  params: tenantParams,
  responses: { 200: tenantStepRunQueueMetricsSchema },
});

export const tenantGetQueueMetrics = defineEndpoint({
  operationId: 'tenantGetQueueMetrics',
  method: 'GET',
  path: '/api/v1/tenants/{tenant}/queue-metrics',
  summary: 'Pending, queued and running tasks: in total, per workflow, and queued per queue',
  tag: 'Tenant',
  auth: 'tenant',
  minRole: 'VIEWER',
  params: tenantParams,
  query: z.object({
    workflows: queryArray(uuidSchema).optional(),
    additionalMetadata: metadataFilterQuery.optional(),
  }),
  responses: { 200: tenantQueueMetricsSchema },
});

export const tenantGetTaskStats = defineEndpoint({
  operationId: 'tenantGetTaskStats',
  method: 'GET',
  path: '/api/v1/tenants/{tenant}/task-stats',
  summary:
    'Queued and running tasks per task name: per queue, per concurrency key, and the oldest queued',
  tag: 'Tenant',
  auth: 'tenant',
  minRole: 'VIEWER',
  params: tenantParams,
  query: z.object({ taskNames: queryArray(z.string().max(1024)).optional() }),
  responses: { 200: taskStatsSchema },
});

export const workflowGetWorkersCount = defineEndpoint({
  operationId: 'workflowGetWorkersCount',
  method: 'GET',
  path: '/api/v1/tenants/{tenant}/workflows/{workflow}/worker-count',
  summary: "Free and total slots of the active workers serving the workflow's tasks",
  tag: 'Workflow',
  auth: 'tenant',
  minRole: 'VIEWER',
  params: z.object({ tenant: uuidSchema, workflow: uuidSchema }),
  responses: { 200: workflowWorkersCountSchema },
});
