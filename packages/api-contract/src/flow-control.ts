/**
 * Flow control as the API shows it: rate limits, queue metrics and task stats, and the
 * concurrency settings of a workflow version.
 */
import { z } from 'zod';
import { paginationResponseSchema } from './common';

export const rateLimitSchema = z
  .object({
    key: z.string(),
    tenantId: z.string(),
    /** Units per window. */
    limitValue: z.number().int(),
    /** Units left in the current window. */
    value: z.number().int(),
    /** The window, e.g. `1 minute`. */
    window: z.string(),
    lastRefill: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'RateLimit' });
export type RateLimit = z.infer<typeof rateLimitSchema>;

export const rateLimitListSchema = z
  .object({ pagination: paginationResponseSchema.optional(), rows: z.array(rateLimitSchema) })
  .meta({ id: 'RateLimitList' });
export type RateLimitList = z.infer<typeof rateLimitListSchema>;

export const rateLimitOrderByFieldSchema = z
  .enum(['key', 'value', 'limitValue'])
  .meta({ id: 'RateLimitOrderByField' });

/** Sent in either case; the reference upper-cases it. */
export const rateLimitOrderByDirectionSchema = z
  .string()
  .transform((value) => value.toLowerCase())
  .pipe(z.enum(['asc', 'desc']))
  .meta({ id: 'RateLimitOrderByDirection' });

/** Queued tasks per queue (an action: `<workflow>:<task>`). */
export const tenantStepRunQueueMetricsSchema = z
  .object({ queues: z.record(z.string(), z.number().int()).optional() })
  .meta({ id: 'TenantStepRunQueueMetrics' });
export type TenantStepRunQueueMetrics = z.infer<typeof tenantStepRunQueueMetricsSchema>;

export const queueMetricsSchema = z
  .object({
    numQueued: z.number().int(),
    numRunning: z.number().int(),
    numPending: z.number().int(),
  })
  .meta({ id: 'QueueMetrics' });

export const tenantQueueMetricsSchema = z
  .object({
    total: queueMetricsSchema.optional(),
    workflow: z.record(z.string(), queueMetricsSchema).optional(),
    queues: z.record(z.string(), z.number().int()).optional(),
  })
  .meta({ id: 'TenantQueueMetrics' });
export type TenantQueueMetrics = z.infer<typeof tenantQueueMetricsSchema>;

export const concurrencyStatSchema = z
  .object({
    expression: z.string().optional(),
    type: z.string().optional(),
    keys: z.record(z.string(), z.number().int()).optional(),
  })
  .meta({ id: 'ConcurrencyStat' });

export const taskStatusStatSchema = z
  .object({
    total: z.number().int().optional(),
    queues: z.record(z.string(), z.number().int()).optional(),
    concurrency: z.array(concurrencyStatSchema).optional(),
    oldest: z.iso.datetime({ offset: true }).optional(),
  })
  .meta({ id: 'TaskStatusStat' });

export const taskStatsSchema = z
  .record(
    z.string(),
    z.object({ queued: taskStatusStatSchema.optional(), running: taskStatusStatSchema.optional() }),
  )
  .meta({ id: 'TaskStats' });
export type TaskStats = z.infer<typeof taskStatsSchema>;

export const workflowWorkersCountSchema = z
  .object({
    freeSlotCount: z.number().int(),
    maxSlotCount: z.number().int(),
    /** The workflow's id, as the reference fills it. */
    workflowRunId: z.string(),
  })
  .meta({ id: 'WorkflowWorkersCount' });

export const concurrencyLimitStrategySchema = z
  .enum([
    'CANCEL_IN_PROGRESS',
    'DROP_NEWEST',
    'QUEUE_NEWEST',
    'GROUP_ROUND_ROBIN',
    'CANCEL_NEWEST',
    'CANCEL_QUEUED_EXCEPT_NEWEST',
    'CANCEL_QUEUED_EXCEPT_OLDEST',
  ])
  .meta({ id: 'ConcurrencyLimitStrategy' });

/** The first workflow-level limit, in the legacy shape. */
export const workflowConcurrencySchema = z
  .object({
    maxRuns: z.number().int(),
    limitStrategy: concurrencyLimitStrategySchema,
    getConcurrencyGroup: z.string(),
  })
  .meta({ id: 'WorkflowConcurrency' });

/**
 * Every limit of a version, workflow- and task-level. Trellis adds `maxRunsExpression`,
 * `name` and `tenantScoped` as PutWorkflow declares them.
 */
export const concurrencySettingSchema = z
  .object({
    maxRuns: z.number().int(),
    limitStrategy: concurrencyLimitStrategySchema,
    expression: z.string(),
    stepReadableId: z.string().optional(),
    scope: z.enum(['WORKFLOW', 'TASK']),
    maxRunsExpression: z.string().optional(),
    name: z.string().optional(),
    tenantScoped: z.boolean().optional(),
  })
  .meta({ id: 'ConcurrencySetting' });
export type ConcurrencySetting = z.infer<typeof concurrencySettingSchema>;
