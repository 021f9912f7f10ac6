import { z } from 'zod';
import { uuidSchema } from '../common';
import { defineEndpoint } from '../endpoint';
import { workflowRunStatusSchema } from '../enums';
import {
  jsonObjectSchema,
  replayWorkflowRunsRequestSchema,
  replayWorkflowRunsResponseSchema,
  stepRunEventListSchema,
  workflowKindSchema,
  workflowMetricsSchema,
  workflowRunListSchema,
  workflowRunOrderByDirectionSchema,
  workflowRunOrderByFieldSchema,
  workflowRunsCancelRequestSchema,
  workflowRunsCancelResponseSchema,
  workflowRunSchema,
  workflowRunShapeSchema,
  workflowRunsMetricsSchema,
} from '../legacy-runs';
import { metadataFilterQuery, queryArray, queryDateTime, queryInt } from '../query';
import { RUN_LIST_CAP } from '../runs';

/**
 * The older (v0) workflow-run group (rest-api.md §9.2): runs in the WorkflowRun shape, over the
 * same runs and tasks as the v1 routes.
 */

const tag = 'Workflow Run';
const tenantParams = z.object({ tenant: uuidSchema });
const runParams = z.object({ tenant: uuidSchema, run: uuidSchema });

/** The filters the runs list and its metrics share. */
const runFilterQuery = {
  eventId: uuidSchema.optional(),
  workflowId: uuidSchema.optional(),
  parentWorkflowRunId: uuidSchema.optional(),
  parentStepRunId: uuidSchema.optional(),
  additionalMetadata: metadataFilterQuery.optional(),
  createdAfter: queryDateTime.optional(),
  createdBefore: queryDateTime.optional(),
};

export const workflowRunList = defineEndpoint({
  operationId: 'workflowRunList',
  method: 'GET',
  path: '/api/v1/tenants/{tenant}/workflows/runs',
  summary:
    'Runs in the older shape, newest first by default. Without createdAfter, runs of the last day (unless an event or a parent names them); the page count is capped at 10,000 matches',
  tag,
  auth: 'tenant',
  minRole: 'VIEWER',
  params: tenantParams,
  query: z.object({
    ...runFilterQuery,
    offset: queryInt({ min: 0, max: RUN_LIST_CAP }).default(0),
    limit: queryInt({ min: 1, max: 1000 }).default(50),
    statuses: queryArray(workflowRunStatusSchema).optional(),
    kinds: queryArray(workflowKindSchema).optional(),
    finishedAfter: queryDateTime.optional(),
    finishedBefore: queryDateTime.optional(),
    orderByField: workflowRunOrderByFieldSchema.default('createdAt'),
    orderByDirection: workflowRunOrderByDirectionSchema.default('DESC'),
  }),
  responses: { 200: workflowRunListSchema },
});

export const workflowRunGetMetrics = defineEndpoint({
  operationId: 'workflowRunGetMetrics',
  method: 'GET',
  path: '/api/v1/tenants/{tenant}/workflows/runs/metrics',
  summary:
    'How many runs are in each status, with the runs list’s filters (the same default window)',
  tag,
  auth: 'tenant',
  minRole: 'VIEWER',
  params: tenantParams,
  query: z.object(runFilterQuery),
  responses: { 200: workflowRunsMetricsSchema },
});

export const workflowRunCancel = defineEndpoint({
  operationId: 'workflowRunCancel',
  method: 'POST',
  path: '/api/v1/tenants/{tenant}/workflows/cancel',
  summary: 'Cancel runs by id; answers with the runs that had tasks to cancel',
  tag,
  auth: 'tenant',
  minRole: 'MEMBER',
  params: tenantParams,
  body: workflowRunsCancelRequestSchema,
  responses: { 200: workflowRunsCancelResponseSchema },
});

export const workflowRunUpdateReplay = defineEndpoint({
  operationId: 'workflowRunUpdateReplay',
  method: 'POST',
  path: '/api/v1/tenants/{tenant}/workflow-runs/replay',
  summary: 'Run finished runs again, every task; answers with the runs replayed',
  tag,
  auth: 'tenant',
  minRole: 'MEMBER',
  params: tenantParams,
  body: replayWorkflowRunsRequestSchema,
  responses: { 200: replayWorkflowRunsResponseSchema },
});

export const workflowRunGet = defineEndpoint({
  operationId: 'workflowRunGet',
  method: 'GET',
  path: '/api/v1/tenants/{tenant}/workflow-runs/{run}',
  summary: 'A run in the older shape, with its job run and step runs',
  tag,
  auth: 'tenant',
  minRole: 'VIEWER',
  params: runParams,
  responses: { 200: workflowRunSchema },
});

export const workflowRunGetShape = defineEndpoint({
  operationId: 'workflowRunGetShape',
  method: 'GET',
  path: '/api/v1/tenants/{tenant}/workflow-runs/{run}/shape',
  summary: 'A run with its workflow version’s job and steps and its step runs',
  tag,
  auth: 'tenant',
  minRole: 'VIEWER',
  params: runParams,
  responses: { 200: workflowRunShapeSchema },
});

export const workflowRunGetInput = defineEndpoint({
  operationId: 'workflowRunGetInput',
  method: 'GET',
  path: '/api/v1/tenants/{tenant}/workflow-runs/{run}/input',
  summary: 'The input a run was triggered with, as a bare JSON object',
  tag,
  auth: 'tenant',
  minRole: 'VIEWER',
  params: runParams,
  responses: { 200: jsonObjectSchema },
});

export const workflowRunListStepRunEvents = defineEndpoint({
  operationId: 'workflowRunListStepRunEvents',
  method: 'GET',
  path: '/api/v1/tenants/{tenant}/workflow-runs/{run}/step-run-events',
  summary:
    'The events of a run’s step runs after the event `lastId`, oldest first, at most 1,000: poll with the last id seen',
  tag,
  auth: 'tenant',
  minRole: 'VIEWER',
  params: runParams,
  query: z.object({ lastId: queryInt({ min: 0, max: 2_147_483_647 }).optional() }),
  responses: { 200: stepRunEventListSchema },
});

export const workflowGetMetrics = defineEndpoint({
  operationId: 'workflowGetMetrics',
  method: 'GET',
  path: '/api/v1/workflows/{workflow}/metrics',
  summary:
    'The concurrency keys of a workflow’s runs (its live runs, or those in `status`; the newest 10,000): how many distinct keys, and how many runs hold `groupKey` (or any key)',
  tag: 'Workflow',
  auth: 'tenant',
  minRole: 'VIEWER',
  params: z.object({ workflow: uuidSchema }),
  query: z.object({
    status: workflowRunStatusSchema.optional(),
    groupKey: z.string().min(1).max(255).optional(),
  }),
  responses: { 200: workflowMetricsSchema },
});
