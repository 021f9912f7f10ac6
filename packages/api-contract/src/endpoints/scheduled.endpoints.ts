import { z } from 'zod';
import { uuidSchema } from '../common';
import { defineEndpoint } from '../endpoint';
import { metadataFilterQuery, queryArray, queryInt } from '../query';
import {
  orderByDirectionSchema,
  scheduledRunStatusSchema,
  scheduledWorkflowsBulkDeleteRequestSchema,
  scheduledWorkflowsBulkDeleteResponseSchema,
  scheduledWorkflowsBulkUpdateRequestSchema,
  scheduledWorkflowsBulkUpdateResponseSchema,
  scheduledWorkflowsListSchema,
  scheduledWorkflowsOrderByFieldSchema,
  scheduledWorkflowsSchema,
  scheduleWorkflowRunRequestSchema,
  triggerRunResultSchema,
  updateScheduledWorkflowRunRequestSchema,
} from '../schedules';

const tag = 'Workflow';
const tenantParams = z.object({ tenant: uuidSchema });
const scheduledParams = z.object({ tenant: uuidSchema, scheduledRun: uuidSchema });

export const scheduledWorkflowRunCreate = defineEndpoint({
  operationId: 'scheduledWorkflowRunCreate',
  method: 'POST',
  path: '/api/v1/tenants/{tenant}/workflows/{workflowName}/scheduled',
  summary: 'Schedules a run of the workflow named in the path',
  tag,
  auth: 'tenant',
  minRole: 'MEMBER',
  params: z.object({ tenant: uuidSchema, workflowName: z.string().min(1).max(255) }),
  body: scheduleWorkflowRunRequestSchema,
  responses: { 200: scheduledWorkflowsSchema },
});

export const workflowScheduledList = defineEndpoint({
  operationId: 'workflowScheduledList',
  method: 'GET',
  path: '/api/v1/tenants/{tenant}/workflows/scheduled',
  summary: 'Scheduled runs: SCHEDULED until they fire, then with the status of their run',
  tag,
  auth: 'tenant',
  minRole: 'VIEWER',
  params: tenantParams,
  query: z.object({
    offset: queryInt({ min: 0 }).default(0),
    limit: queryInt({ min: 1, max: 1000 }).default(50),
    orderByField: scheduledWorkflowsOrderByFieldSchema.default('triggerAt'),
    orderByDirection: orderByDirectionSchema.default('DESC'),
    workflowId: uuidSchema.optional(),
    parentWorkflowRunId: uuidSchema.optional(),
    parentStepRunId: uuidSchema.optional(),
    additionalMetadata: metadataFilterQuery.optional(),
    statuses: queryArray(scheduledRunStatusSchema).optional(),
  }),
  responses: { 200: scheduledWorkflowsListSchema },
});

export const workflowScheduledGet = defineEndpoint({
  operationId: 'workflowScheduledGet',
  method: 'GET',
  path: '/api/v1/tenants/{tenant}/workflows/scheduled/{scheduledRun}',
  summary: 'A scheduled run, with its run once it fired',
  tag,
  auth: 'tenant',
  minRole: 'VIEWER',
  params: scheduledParams,
  responses: { 200: scheduledWorkflowsSchema },
});

export const workflowScheduledUpdate = defineEndpoint({
  operationId: 'workflowScheduledUpdate',
  method: 'PATCH',
  path: '/api/v1/tenants/{tenant}/workflows/scheduled/{scheduledRun}',
  summary: 'Reschedules a run that has not fired yet',
  tag,
  auth: 'tenant',
  minRole: 'MEMBER',
  params: scheduledParams,
  body: updateScheduledWorkflowRunRequestSchema,
  responses: { 200: scheduledWorkflowsSchema },
});

export const workflowScheduledDelete = defineEndpoint({
  operationId: 'workflowScheduledDelete',
  method: 'DELETE',
  path: '/api/v1/tenants/{tenant}/workflows/scheduled/{scheduledRun}',
  summary:
    'Deletes a scheduled run: before it fires, the run never happens; after, only the trigger goes',
  tag,
  auth: 'tenant',
  minRole: 'MEMBER',
  params: scheduledParams,
  responses: { 204: null },
});

export const workflowScheduledTrigger = defineEndpoint({
  operationId: 'workflowScheduledTrigger',
  method: 'POST',
  path: '/api/v1/tenants/{tenant}/workflows/scheduled/{scheduledRun}',
  summary: 'Fires a scheduled run now instead of at its time',
  tag,
  auth: 'tenant',
  minRole: 'MEMBER',
  params: scheduledParams,
  responses: { 200: triggerRunResultSchema },
});

export const workflowScheduledBulkDelete = defineEndpoint({
  operationId: 'workflowScheduledBulkDelete',
  method: 'POST',
  path: '/api/v1/tenants/{tenant}/workflows/scheduled/bulk-delete',
  summary: 'Deletes scheduled runs by id or by filter; those that cannot go are listed in `errors`',
  tag,
  auth: 'tenant',
  minRole: 'MEMBER',
  params: tenantParams,
  body: scheduledWorkflowsBulkDeleteRequestSchema,
  responses: { 200: scheduledWorkflowsBulkDeleteResponseSchema },
});

export const workflowScheduledBulkUpdate = defineEndpoint({
  operationId: 'workflowScheduledBulkUpdate',
  method: 'POST',
  path: '/api/v1/tenants/{tenant}/workflows/scheduled/bulk-update',
  summary: 'Reschedules several runs; those that cannot move are listed in `errors`',
  tag,
  auth: 'tenant',
  minRole: 'MEMBER',
  params: tenantParams,
  body: scheduledWorkflowsBulkUpdateRequestSchema,
  responses: { 200: scheduledWorkflowsBulkUpdateResponseSchema },
});
