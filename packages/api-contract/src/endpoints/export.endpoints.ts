import { z } from 'zod';
import { uuidSchema } from '../common';
import { defineEndpoint } from '../endpoint';
import { queryBoolean } from '../query';
import { exportFormatSchema, v1EventExportRowSchema, v1RunExportRowSchema } from '../export';
import { v1EventList } from './events.endpoints';
import { v1WorkflowRunList } from './runs.endpoints';

const tenantParams = z.object({ tenant: uuidSchema });
const format = exportFormatSchema.default('csv');

/** Exports take the filters of their list: its query without the page. */
export const v1WorkflowRunExport = defineEndpoint({
  operationId: 'v1WorkflowRunExport',
  method: 'GET',
  path: '/api/v1/stable/tenants/{tenant}/workflow-runs/export',
  summary:
    'Trellis: every run (or, with only_tasks, task) the runs list filters match, newest first, streamed as CSV or a JSON array; X-Total-Count says how many',
  tag: 'Workflow Runs',
  auth: 'tenant',
  minRole: 'VIEWER',
  params: tenantParams,
  query: v1WorkflowRunList
    .query!.omit({ offset: true, limit: true, include_payloads: true })
    // Runs unless asked for tasks: the list makes clients say, a download link need not.
    .extend({ only_tasks: queryBoolean.default(false), format }),
  responses: { 200: null },
  download: v1RunExportRowSchema,
});

export const v1EventExport = defineEndpoint({
  operationId: 'v1EventExport',
  method: 'GET',
  path: '/api/v1/stable/tenants/{tenant}/events/export',
  summary:
    'Trellis: every event the events list filters match, newest first, streamed as CSV or a JSON array; X-Total-Count says how many',
  tag: 'Event',
  auth: 'tenant',
  minRole: 'VIEWER',
  params: tenantParams,
  query: v1EventList.query!.omit({ offset: true, limit: true }).extend({ format }),
  responses: { 200: null },
  download: v1EventExportRowSchema,
});
