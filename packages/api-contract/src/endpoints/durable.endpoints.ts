import { z } from 'zod';
import { uuidSchema } from '../common';
import { v1DurableEventLogEntrySchema } from '../durable';
import { defineEndpoint } from '../endpoint';
import { queryInt } from '../query';

export const v1DurableTaskEventLogList = defineEndpoint({
  operationId: 'v1DurableTaskEventLogList',
  method: 'GET',
  path: '/api/v1/stable/tenants/{tenant}/durable-tasks/{durableTask}',
  summary:
    "A durable task's event log, in call order: its waits (what they wait for and what met them), memos and spawned runs; a bare array",
  tag: 'Task',
  auth: 'tenant',
  minRole: 'VIEWER',
  params: z.object({ tenant: uuidSchema, durableTask: uuidSchema }),
  query: z.object({
    offset: queryInt({ min: 0 }).default(0),
    limit: queryInt({ min: 1, max: 1000 }).default(1000),
  }),
  responses: { 200: z.array(v1DurableEventLogEntrySchema) },
});

export const v1TaskRestore = defineEndpoint({
  operationId: 'v1TaskRestore',
  method: 'POST',
  path: '/api/v1/stable/tasks/{task}/restore',
  summary:
    'Queues an evicted durable task again now, as its next invocation (it replays its event log); requeued is false when the task is not evicted',
  tag: 'Task',
  auth: 'tenant',
  minRole: 'MEMBER',
  params: z.object({ task: uuidSchema }),
  responses: {
    200: z.object({ requeued: z.boolean() }).meta({ id: 'V1TaskRestoreResponse' }),
  },
});

const branchPoint = {
  taskExternalId: uuidSchema,
  nodeId: z.number().int().min(1),
  branchId: z.number().int().min(0),
};

export const v1DurableTaskBranch = defineEndpoint({
  operationId: 'v1DurableTaskBranch',
  method: 'POST',
  path: '/api/v1/stable/tenants/{tenant}/durable-tasks/branch',
  summary:
    'Runs a finished or evicted durable task again from a node of its event log (branchId 0: its current log), as a new branch: the nodes from there on are superseded; answers where the new branch starts',
  tag: 'Task',
  auth: 'tenant',
  minRole: 'MEMBER',
  params: z.object({ tenant: uuidSchema }),
  body: z.object(branchPoint).meta({ id: 'V1BranchDurableTaskRequest' }),
  responses: {
    200: z.object(branchPoint).meta({ id: 'V1BranchDurableTaskResponse' }),
  },
});
