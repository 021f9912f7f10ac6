import { z } from 'zod';
import { uuidSchema } from '../common';
import { defineEndpoint } from '../endpoint';
import { v1TaskStatusSchema } from '../enums';
import { keyValueFilters, queryArray, queryBoolean, queryInt } from '../query';
import {
  v1CancelledTasksSchema,
  v1CancelTaskRequestSchema,
  v1LogLineListSchema,
  v1ReplayedTasksSchema,
  v1ReplayTaskRequestSchema,
  v1TaskSummaryListSchema,
  v1WorkflowRunDetailsSchema,
} from '../runs';

const tag = 'Workflow Runs';
const dateTime = z.iso.datetime({ offset: true, message: 'must be an RFC 3339 date-time' });

export const v1WorkflowRunList = defineEndpoint({
  operationId: 'v1WorkflowRunList',
  method: 'GET',
  path: '/api/v1/stable/tenants/{tenant}/workflow-runs',
  summary: 'Runs (or, with only_tasks, tasks) created in a time window, newest first',
  tag,
  auth: 'tenant',
  minRole: 'VIEWER',
  params: z.object({ tenant: uuidSchema }),
  query: z.object({
    since: dateTime,
    until: dateTime.optional(),
    only_tasks: queryBoolean,
    offset: queryInt({ min: 0 }).default(0),
    limit: queryInt({ min: 1, max: 1000 }).default(50),
    statuses: queryArray(v1TaskStatusSchema).optional(),
    workflow_ids: queryArray(uuidSchema).optional(),
    worker_id: uuidSchema.optional(),
    parent_task_external_id: uuidSchema.optional(),
    triggering_event_external_id: uuidSchema.optional(),
    additional_metadata: keyValueFilters.optional(),
    include_payloads: queryBoolean.default(false),
  }),
  responses: { 200: v1TaskSummaryListSchema },
});

const runParams = z.object({ run: uuidSchema });

export const v1WorkflowRunGet = defineEndpoint({
  operationId: 'v1WorkflowRunGet',
  method: 'GET',
  path: '/api/v1/stable/workflow-runs/{run}',
  summary: 'A run with its tasks, their events and the shape of its DAG',
  tag,
  auth: 'tenant',
  minRole: 'VIEWER',
  params: runParams,
  responses: { 200: v1WorkflowRunDetailsSchema },
});

export const v1WorkflowRunGetStatus = defineEndpoint({
  operationId: 'v1WorkflowRunGetStatus',
  method: 'GET',
  path: '/api/v1/stable/workflow-runs/{run}/status',
  summary: 'The status of a run, as a bare JSON string',
  tag,
  auth: 'tenant',
  minRole: 'VIEWER',
  params: runParams,
  responses: { 200: v1TaskStatusSchema },
});

export const v1TaskCancel = defineEndpoint({
  operationId: 'v1TaskCancel',
  method: 'POST',
  path: '/api/v1/stable/tenants/{tenant}/tasks/cancel',
  summary: 'Cancel tasks by task or run external ids, or every task matching a filter',
  tag: 'Task',
  auth: 'tenant',
  minRole: 'MEMBER',
  params: z.object({ tenant: uuidSchema }),
  body: v1CancelTaskRequestSchema,
  responses: { 200: v1CancelledTasksSchema },
});

export const v1TaskReplay = defineEndpoint({
  operationId: 'v1TaskReplay',
  method: 'POST',
  path: '/api/v1/stable/tenants/{tenant}/tasks/replay',
  summary: 'Run finished tasks again (and the DAG tasks downstream of them)',
  tag: 'Task',
  auth: 'tenant',
  minRole: 'MEMBER',
  params: z.object({ tenant: uuidSchema }),
  body: v1ReplayTaskRequestSchema,
  responses: { 200: v1ReplayedTasksSchema },
});

export const v1LogLineList = defineEndpoint({
  operationId: 'v1LogLineList',
  method: 'GET',
  path: '/api/v1/stable/tasks/{task}/logs',
  summary:
    "A task's log lines, oldest first; page forward with `since` set to the last line's time",
  tag: 'Task',
  auth: 'tenant',
  minRole: 'VIEWER',
  params: z.object({ task: uuidSchema }),
  query: z.object({
    limit: queryInt({ min: 1, max: 1000 }).default(50),
    since: dateTime.optional(),
    until: dateTime.optional(),
    attempt: queryInt({ min: 1 }).optional(),
    order_by_direction: z.enum(['ASC', 'DESC']).default('ASC'),
  }),
  responses: { 200: v1LogLineListSchema },
});
