import { z } from 'zod';
import { uuidSchema } from '../common';
import { defineEndpoint } from '../endpoint';
import { updateWorkerRequestSchema, workerListSchema, workerSchema } from '../workers';

const tag = 'Worker';

export const workerList = defineEndpoint({
  operationId: 'workerList',
  method: 'GET',
  path: '/api/v1/tenants/{tenant}/worker',
  summary: 'Workers that have sent a heartbeat in the last 24 hours',
  tag,
  auth: 'tenant',
  minRole: 'VIEWER',
  params: z.object({ tenant: uuidSchema }),
  responses: { 200: workerListSchema },
});

export const workerGet = defineEndpoint({
  operationId: 'workerGet',
  method: 'GET',
  path: '/api/v1/workers/{worker}',
  summary: 'A worker with its slots, labels, registered workflows and recent tasks',
  tag,
  auth: 'tenant',
  minRole: 'VIEWER',
  params: z.object({ worker: uuidSchema }),
  responses: { 200: workerSchema },
});

export const workerUpdate = defineEndpoint({
  operationId: 'workerUpdate',
  method: 'PATCH',
  path: '/api/v1/workers/{worker}',
  summary: 'Pause or resume a worker; a paused worker gets no new tasks',
  tag,
  auth: 'tenant',
  minRole: 'MEMBER',
  params: z.object({ worker: uuidSchema }),
  body: updateWorkerRequestSchema,
  responses: { 200: workerSchema },
});
