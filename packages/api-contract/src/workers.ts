import { z } from 'zod';
import { apiResourceMetaSchema, uuidSchema } from './common';
import {
  stepRunStatusSchema,
  workerRuntimeSdksSchema,
  workerStatusSchema,
  workerTypeSchema,
} from './enums';

export const workerLabelSchema = z
  .object({ metadata: apiResourceMetaSchema, key: z.string(), value: z.string().optional() })
  .meta({ id: 'WorkerLabel' });

export const workerRuntimeInfoSchema = z
  .object({
    sdkVersion: z.string().optional(),
    language: workerRuntimeSdksSchema.optional(),
    languageVersion: z.string().optional(),
    os: z.string().optional(),
    runtimeExtra: z.string().optional(),
  })
  .meta({ id: 'WorkerRuntimeInfo' });

export const recentStepRunSchema = z
  .object({
    metadata: apiResourceMetaSchema,
    actionId: z.string(),
    status: stepRunStatusSchema,
    startedAt: z.iso.datetime({ offset: true }).optional(),
    finishedAt: z.iso.datetime({ offset: true }).optional(),
    cancelledAt: z.iso.datetime({ offset: true }).optional(),
    workflowRunId: z.string(),
  })
  .meta({ id: 'RecentStepRuns' });

/**
 * Trellis: how a worker's labels fare against a task it serves that asks for labels: each
 * desired label (`matched` when the worker's `workerValue` satisfies the comparator), whether
 * the worker may take the task at all (`eligible`: it has every required label) and its
 * `score` (the weights of the labels it matches; the best-scoring free worker is chosen).
 */
export const workerLabelMatchSchema = z
  .object({
    workflowId: z.string(),
    workflowName: z.string(),
    taskName: z.string(),
    actionId: z.string(),
    eligible: z.boolean(),
    score: z.number().int(),
    labels: z.array(
      z.object({
        key: z.string(),
        comparator: z.string(),
        value: z.string(),
        required: z.boolean(),
        weight: z.number().int(),
        workerValue: z.string().optional(),
        matched: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'WorkerLabelMatch' });
export type WorkerLabelMatch = z.infer<typeof workerLabelMatchSchema>;

export const workerSchema = z
  .object({
    metadata: apiResourceMetaSchema,
    name: z.string(),
    type: workerTypeSchema,
    /** For type WEBHOOK: the webhook worker the server acted for through this worker. */
    webhookId: uuidSchema.optional(),
    status: workerStatusSchema.optional(),
    lastHeartbeatAt: z.iso.datetime({ offset: true }).optional(),
    lastListenerEstablished: z.iso.datetime({ offset: true }).optional(),
    actions: z.array(z.string()).optional(),
    registeredWorkflows: z.array(z.object({ id: z.string(), name: z.string() })).optional(),
    recentStepRuns: z.array(recentStepRunSchema).optional(),
    labels: z.array(workerLabelSchema).optional(),
    /** Trellis, on the detail only: the tasks it serves that ask for labels, and how it fares. */
    labelMatches: z.array(workerLabelMatchSchema).optional(),
    runtimeInfo: workerRuntimeInfoSchema.optional(),
    /** Capacity per slot type: `limit` units, of which `available` are free. */
    slotConfig: z
      .record(
        z.string(),
        z.object({ available: z.number().int().optional(), limit: z.number().int() }),
      )
      .optional(),
    /** The default slot type's capacity and free units, for clients of the older API. */
    maxRuns: z.number().int().optional(),
    availableRuns: z.number().int().optional(),
  })
  .meta({ id: 'Worker' });
export type Worker = z.infer<typeof workerSchema>;

export const workerListSchema = z
  .object({ rows: z.array(workerSchema), pagination: z.object({}).passthrough().optional() })
  .meta({ id: 'WorkerList' });

export const updateWorkerRequestSchema = z
  .object({ isPaused: z.boolean().optional() })
  .meta({ id: 'UpdateWorkerRequest' });
