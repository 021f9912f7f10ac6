import { z } from 'zod';
import { uuidSchema } from '../common';
import { defineEndpoint } from '../endpoint';
import {
  jsonObjectSchema,
  logLineLevelSchema,
  logLineListSchema,
  logLineOrderByDirectionSchema,
  rerunStepRunRequestSchema,
  stepRunArchiveListSchema,
  stepRunEventListSchema,
  stepRunSchema,
} from '../legacy-runs';
import { queryArray, queryInt } from '../query';

/**
 * The older (v0) step-run group (rest-api.md §9.3). A step run is a task: the path names it by
 * the task's external id (`{task}`, resolved to its tenant like the v1 task routes).
 */

const tag = 'Step Run';
const stepRunParams = z.object({ tenant: uuidSchema, task: uuidSchema });
const taskParams = z.object({ task: uuidSchema });
/**
 * How deep a page of a step run's events, archives or logs may start: far beyond any real
 * task's, and a bound keeps an absurd offset a 400 instead of a query's failure.
 */
const MAX_OFFSET = 100_000;
const pageQuery = {
  offset: queryInt({ min: 0, max: MAX_OFFSET }).default(0),
  limit: queryInt({ min: 1, max: 1000 }).default(50),
};

export const stepRunGet = defineEndpoint({
  operationId: 'stepRunGet',
  method: 'GET',
  path: '/api/v1/tenants/{tenant}/step-runs/{task}',
  summary: 'A task as a step run, with its step',
  tag,
  auth: 'tenant',
  minRole: 'VIEWER',
  params: stepRunParams,
  responses: { 200: stepRunSchema },
});

export const stepRunGetSchema = defineEndpoint({
  operationId: 'stepRunGetSchema',
  method: 'GET',
  path: '/api/v1/tenants/{tenant}/step-runs/{task}/schema',
  summary:
    'The JSON schema of the input of the step run’s workflow version, as a bare object ({} when it declares none)',
  tag,
  auth: 'tenant',
  minRole: 'VIEWER',
  params: stepRunParams,
  responses: { 200: jsonObjectSchema },
});

export const stepRunUpdateRerun = defineEndpoint({
  operationId: 'stepRunUpdateRerun',
  method: 'POST',
  path: '/api/v1/tenants/{tenant}/step-runs/{task}/rerun',
  summary:
    'Run a finished step run again (and the steps after it), with the input it ran with: a different `input` is refused',
  tag,
  auth: 'tenant',
  minRole: 'MEMBER',
  params: stepRunParams,
  body: rerunStepRunRequestSchema,
  responses: { 200: stepRunSchema },
});

export const stepRunUpdateCancel = defineEndpoint({
  operationId: 'stepRunUpdateCancel',
  method: 'POST',
  path: '/api/v1/tenants/{tenant}/step-runs/{task}/cancel',
  summary: 'Cancel a step run that has not finished; answers with it as it is then',
  tag,
  auth: 'tenant',
  minRole: 'MEMBER',
  params: stepRunParams,
  responses: { 200: stepRunSchema },
});

export const stepRunListEvents = defineEndpoint({
  operationId: 'stepRunListEvents',
  method: 'GET',
  path: '/api/v1/step-runs/{task}/events',
  summary: 'A step run’s events, every attempt, newest first',
  tag,
  auth: 'tenant',
  minRole: 'VIEWER',
  params: taskParams,
  query: z.object(pageQuery),
  responses: { 200: stepRunEventListSchema },
});

export const stepRunListArchives = defineEndpoint({
  operationId: 'stepRunListArchives',
  method: 'GET',
  path: '/api/v1/step-runs/{task}/archives',
  summary: 'A step run’s earlier attempts, as each ended, newest first',
  tag,
  auth: 'tenant',
  minRole: 'VIEWER',
  params: taskParams,
  query: z.object(pageQuery),
  responses: { 200: stepRunArchiveListSchema },
});

export const logLineList = defineEndpoint({
  operationId: 'logLineList',
  method: 'GET',
  path: '/api/v1/step-runs/{task}/logs',
  summary: 'A step run’s log lines, every attempt, oldest first by default',
  tag: 'Log',
  auth: 'tenant',
  minRole: 'VIEWER',
  params: taskParams,
  query: z.object({
    offset: queryInt({ min: 0, max: MAX_OFFSET }).default(0),
    limit: queryInt({ min: 1, max: 1000 }).default(1000),
    levels: queryArray(logLineLevelSchema).optional(),
    /** Lines whose message contains this text, case-insensitively. */
    search: z.string().min(1).max(200).optional(),
    orderByField: z.enum(['createdAt']).default('createdAt'),
    orderByDirection: logLineOrderByDirectionSchema.default('asc'),
  }),
  responses: { 200: logLineListSchema },
});
