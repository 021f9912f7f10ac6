import { z } from 'zod';
import { uuidSchema } from '../common';
import { defineEndpoint } from '../endpoint';
import { workflowRunSchema } from '../legacy-runs';
import { v1LogLineLevelSchema, v1TaskStatusSchema } from '../enums';
import { keyValueFilters, queryArray, queryBoolean, queryInt } from '../query';
import {
  triggerWorkflowRunRequestSchema,
  v1CancelledTasksSchema,
  v1CancelTaskRequestSchema,
  v1DagChildrenListSchema,
  v1LogLineListSchema,
  v1ReplayedTasksSchema,
  v1ReplayTaskRequestSchema,
  v1TaskEventListSchema,
  v1TaskPointMetricsSchema,
  v1TaskRunMetricsSchema,
  v1TaskSummaryListSchema,
  v1TaskSummarySchema,
  v1TaskTimingListSchema,
  v1TaskWaitingSchema,
  v1TriggerWorkflowRunRequestSchema,
  v1WorkflowRunDetailsSchema,
  v1WorkflowRunDisplayNameListSchema,
  v1WorkflowRunExternalIdListSchema,
  MAX_TIMING_DEPTH,
  RUN_LIST_CAP,
} from '../runs';

const tag = 'Workflow Runs';
const dateTime = z.iso.datetime({ offset: true, message: 'must be an RFC 3339 date-time' });
const tenantParams = z.object({ tenant: uuidSchema });

/** The filters runs and their counts share: a creation window, then narrower conditions. */
const runFilterQuery = {
  since: dateTime,
  until: dateTime.optional(),
  statuses: queryArray(v1TaskStatusSchema).optional(),
  workflow_ids: queryArray(uuidSchema).optional(),
  additional_metadata: keyValueFilters.optional(),
  /** How several metadata pairs combine; one pair is simply required. */
  additional_metadata_operator: z.enum(['OR', 'AND']).default('OR'),
};

export const v1WorkflowRunList = defineEndpoint({
  operationId: 'v1WorkflowRunList',
  method: 'GET',
  path: '/api/v1/stable/tenants/{tenant}/workflow-runs',
  summary:
    'Runs (or, with only_tasks, tasks) created in a time window, newest first; the page count is capped at 10,000 matches',
  tag,
  auth: 'tenant',
  minRole: 'VIEWER',
  params: tenantParams,
  query: z.object({
    ...runFilterQuery,
    only_tasks: queryBoolean,
    offset: queryInt({ min: 0, max: RUN_LIST_CAP }).default(0),
    limit: queryInt({ min: 1, max: 1000 }).default(50),
    worker_id: uuidSchema.optional(),
    parent_task_external_id: uuidSchema.optional(),
    triggering_event_external_id: uuidSchema.optional(),
    include_payloads: queryBoolean.default(false),
  }),
  responses: { 200: v1TaskSummaryListSchema },
});

export const v1WorkflowRunDisplayNamesList = defineEndpoint({
  operationId: 'v1WorkflowRunDisplayNamesList',
  method: 'GET',
  path: '/api/v1/stable/tenants/{tenant}/workflow-runs/display-names',
  summary: 'Display names of runs or tasks, by external id (unknown ids are left out)',
  tag,
  auth: 'tenant',
  minRole: 'VIEWER',
  params: tenantParams,
  query: z.object({
    external_ids: queryArray(uuidSchema).pipe(z.array(uuidSchema).min(1).max(1000)),
  }),
  responses: { 200: v1WorkflowRunDisplayNameListSchema },
});

export const v1WorkflowRunExternalIdsList = defineEndpoint({
  operationId: 'v1WorkflowRunExternalIdsList',
  method: 'GET',
  path: '/api/v1/stable/tenants/{tenant}/workflow-runs/external-ids',
  summary: 'Ids of the runs matching a filter, newest first, at most 10,000',
  tag,
  auth: 'tenant',
  minRole: 'VIEWER',
  params: tenantParams,
  query: z.object(runFilterQuery),
  responses: { 200: v1WorkflowRunExternalIdListSchema },
});

export const v1WorkflowRunCreate = defineEndpoint({
  operationId: 'v1WorkflowRunCreate',
  method: 'POST',
  path: '/api/v1/stable/tenants/{tenant}/workflow-runs/trigger',
  summary:
    "Start a run of a workflow by name; the input is checked against the workflow's input JSON schema when it has one",
  tag,
  auth: 'tenant',
  minRole: 'MEMBER',
  params: tenantParams,
  body: v1TriggerWorkflowRunRequestSchema,
  responses: { 200: v1WorkflowRunDetailsSchema },
});

export const workflowRunCreate = defineEndpoint({
  operationId: 'workflowRunCreate',
  method: 'POST',
  path: '/api/v1/workflows/{workflow}/trigger',
  summary:
    'Start a run of a workflow (its latest version), answered in the older run shape; prefer v1WorkflowRunCreate',
  tag: 'Workflow Run',
  auth: 'tenant',
  minRole: 'MEMBER',
  params: z.object({ workflow: uuidSchema }),
  query: z.object({ version: uuidSchema.optional() }),
  body: triggerWorkflowRunRequestSchema,
  responses: { 200: workflowRunSchema },
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

export const v1WorkflowRunTaskEventsList = defineEndpoint({
  operationId: 'v1WorkflowRunTaskEventsList',
  method: 'GET',
  path: '/api/v1/stable/workflow-runs/{run}/task-events',
  summary: 'Every event of every task of a run, newest first',
  tag,
  auth: 'tenant',
  minRole: 'VIEWER',
  params: runParams,
  responses: { 200: v1TaskEventListSchema },
});

export const v1WorkflowRunGetTimings = defineEndpoint({
  operationId: 'v1WorkflowRunGetTimings',
  method: 'GET',
  path: '/api/v1/stable/workflow-runs/{run}/task-timings',
  summary:
    'When each task of a run was queued, started and finished, with the tasks of child runs down to `depth` levels, in depth-first order',
  tag,
  auth: 'tenant',
  minRole: 'VIEWER',
  params: runParams,
  query: z.object({
    depth: queryInt({ min: 0 })
      .max(MAX_TIMING_DEPTH, { message: `depth must be less than or equal to ${MAX_TIMING_DEPTH}` })
      .default(0),
  }),
  responses: { 200: v1TaskTimingListSchema },
});

export const v1TaskListStatusMetrics = defineEndpoint({
  operationId: 'v1TaskListStatusMetrics',
  method: 'GET',
  path: '/api/v1/stable/tenants/{tenant}/task-metrics',
  summary:
    'How many runs created in a window are in each status: always five rows, CANCELLED, COMPLETED, FAILED, QUEUED, RUNNING',
  tag: 'Task',
  auth: 'tenant',
  minRole: 'VIEWER',
  params: tenantParams,
  query: z.object({
    since: dateTime,
    until: dateTime.optional(),
    workflow_ids: queryArray(uuidSchema).optional(),
    parent_task_external_id: uuidSchema.optional(),
    triggering_event_external_id: uuidSchema.optional(),
    additional_metadata: keyValueFilters.optional(),
    /** Trellis: only runs with a task on this worker (the worker detail's counts). */
    worker_id: uuidSchema.optional(),
  }),
  responses: { 200: v1TaskRunMetricsSchema },
});

export const v1TaskGetPointMetrics = defineEndpoint({
  operationId: 'v1TaskGetPointMetrics',
  method: 'GET',
  path: '/api/v1/stable/tenants/{tenant}/task-point-metrics',
  summary:
    'Succeeded and failed runs per time bucket of their creation (1 min up to 1 h, 5 min up to 12 h, 30 min up to 48 h, 8 h up to 8 days, else 1 day), every bucket present',
  tag: 'Task',
  auth: 'tenant',
  minRole: 'VIEWER',
  params: tenantParams,
  query: z
    .object({
      createdAfter: dateTime.optional(),
      finishedBefore: dateTime.optional(),
    })
    .refine(
      (query) =>
        !query.createdAfter ||
        !query.finishedBefore ||
        Date.parse(query.createdAfter) < Date.parse(query.finishedBefore),
      { message: 'createdAfter must be before finishedBefore', path: ['createdAfter'] },
    ),
  responses: { 200: v1TaskPointMetricsSchema },
});

const taskParams = z.object({ task: uuidSchema });

export const v1TaskGet = defineEndpoint({
  operationId: 'v1TaskGet',
  method: 'GET',
  path: '/api/v1/stable/tasks/{task}',
  summary:
    "A task (by its id, or a standalone task's run id) with its input, output and workflow config; `attempt` selects an earlier attempt",
  tag: 'Task',
  auth: 'tenant',
  minRole: 'VIEWER',
  params: taskParams,
  query: z.object({ attempt: queryInt({ min: 1 }).optional() }),
  responses: { 200: v1TaskSummarySchema },
});

export const v1TaskWaiting = defineEndpoint({
  operationId: 'v1TaskWaiting',
  method: 'GET',
  path: '/api/v1/stable/tasks/{task}/waiting',
  summary:
    'Trellis: why a task has not started yet, as the scheduler holds it at this moment (no worker, full slots, a concurrency key at its limit, a paused workflow, a retry backing off, ...)',
  tag: 'Task',
  auth: 'tenant',
  minRole: 'VIEWER',
  params: taskParams,
  responses: { 200: v1TaskWaitingSchema },
});

export const v1TaskEventList = defineEndpoint({
  operationId: 'v1TaskEventList',
  method: 'GET',
  path: '/api/v1/stable/tasks/{task}/task-events',
  summary: "A task's activity: the first event of each type per attempt, newest first",
  tag: 'Task',
  auth: 'tenant',
  minRole: 'VIEWER',
  params: taskParams,
  query: z.object({
    offset: queryInt({ min: 0 }).default(0),
    limit: queryInt({ min: 1, max: 1000 }).default(50),
  }),
  responses: { 200: v1TaskEventListSchema },
});

export const v1DagListTasks = defineEndpoint({
  operationId: 'v1DagListTasks',
  method: 'GET',
  path: '/api/v1/stable/dags/tasks',
  summary: 'The tasks of DAG runs (without payloads), for a signed-in member of `tenant`',
  tag: 'Task',
  // The tenant comes in the query, so membership is checked by the handler, as in Hatchet.
  auth: 'session',
  query: z.object({
    dag_ids: queryArray(uuidSchema).pipe(z.array(uuidSchema).min(1).max(1000)),
    tenant: uuidSchema,
  }),
  responses: { 200: v1DagChildrenListSchema },
});

export const v1TaskCancel = defineEndpoint({
  operationId: 'v1TaskCancel',
  method: 'POST',
  path: '/api/v1/stable/tenants/{tenant}/tasks/cancel',
  summary: 'Cancel tasks by task or run external ids, or every task matching a filter',
  tag: 'Task',
  auth: 'tenant',
  minRole: 'MEMBER',
  params: tenantParams,
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
  params: tenantParams,
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
  params: taskParams,
  query: z.object({
    limit: queryInt({ min: 1, max: 1000 }).default(50),
    since: dateTime.optional(),
    until: dateTime.optional(),
    attempt: queryInt({ min: 1 }).optional(),
    order_by_direction: z.enum(['ASC', 'DESC']).default('ASC'),
    /** Lines whose message contains this text, case-insensitively. */
    search: z.string().min(1).max(200).optional(),
    levels: queryArray(v1LogLineLevelSchema).optional(),
  }),
  responses: { 200: v1LogLineListSchema },
});
