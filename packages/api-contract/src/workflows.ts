import { z } from 'zod';
import { concurrencySettingSchema, workflowConcurrencySchema } from './flow-control';
import { apiResourceMetaSchema, paginationResponseSchema } from './common';

export const workflowVersionMetaSchema = z
  .object({
    metadata: apiResourceMetaSchema,
    version: z.string(),
    order: z.number().int(),
    workflowId: z.string(),
  })
  .meta({ id: 'WorkflowVersionMeta' });

export const workflowSchema = z
  .object({
    metadata: apiResourceMetaSchema,
    name: z.string(),
    description: z.string().optional(),
    isPaused: z.boolean().optional(),
    versions: z.array(workflowVersionMetaSchema).optional(),
    tenantId: z.string(),
  })
  .meta({ id: 'Workflow' });
export type Workflow = z.infer<typeof workflowSchema>;

export const workflowListSchema = z
  .object({ rows: z.array(workflowSchema), pagination: paginationResponseSchema })
  .meta({ id: 'WorkflowList' });

export const stepSchema = z
  .object({
    metadata: apiResourceMetaSchema,
    readableId: z.string(),
    tenantId: z.string(),
    jobId: z.string(),
    action: z.string(),
    timeout: z.string().optional(),
    isDurable: z.boolean().optional(),
    slotRequests: z.record(z.string(), z.number().int()).optional(),
    children: z.array(z.string()),
    parents: z.array(z.string()),
  })
  .meta({ id: 'Step' });

export const jobSchema = z
  .object({
    metadata: apiResourceMetaSchema,
    tenantId: z.string(),
    versionId: z.string(),
    name: z.string(),
    description: z.string().optional(),
    steps: z.array(stepSchema),
    timeout: z.string().optional(),
  })
  .meta({ id: 'Job' });

export const workflowVersionSchema = z
  .object({
    metadata: apiResourceMetaSchema,
    version: z.string(),
    order: z.number().int(),
    workflowId: z.string(),
    sticky: z.string().optional(),
    defaultPriority: z.number().int().optional(),
    workflow: workflowSchema.optional(),
    triggers: z
      .object({
        events: z.array(z.object({ event_key: z.string().optional() })).optional(),
        crons: z.array(z.object({ cron: z.string().optional() })).optional(),
      })
      .optional(),
    scheduleTimeout: z.string().optional(),
    jobs: z.array(jobSchema).optional(),
    workflowConfig: z.record(z.string(), z.unknown()).optional(),
    inputJsonSchema: z.record(z.string(), z.unknown()).optional(),
    concurrency: workflowConcurrencySchema.optional(),
    v1Concurrency: z.array(concurrencySettingSchema).optional(),
  })
  .meta({ id: 'WorkflowVersion' });
export type WorkflowVersion = z.infer<typeof workflowVersionSchema>;

/**
 * Pausing, in either form clients send: `{isPaused}` (older dashboards) or
 * `{pause: {action: 'pause' | 'unpause', …}}`.
 */
export const workflowUpdateRequestSchema = z
  .object({
    isPaused: z.boolean().optional(),
    pause: z
      .object({
        action: z.enum(['pause', 'unpause']),
        pausedWorkflowCronRunQueueBehavior: z.enum(['DROP', 'QUEUE']).optional(),
        pausedWorkflowScheduledRunQueueBehavior: z.enum(['DROP', 'QUEUE']).optional(),
        pausedWorkflowQueueTTL: z.string().optional(),
      })
      .optional(),
  })
  .refine((body) => body.isPaused !== undefined || body.pause !== undefined, {
    message: 'Send isPaused or pause',
  })
  .meta({ id: 'WorkflowUpdateRequest' });
