/**
 * Cron triggers and scheduled runs: the reference's CronWorkflows and ScheduledWorkflows, their
 * requests, and the Trellis extensions (a cron's last fire, editing a cron in place).
 */
import { z } from 'zod';
import { validateCron } from '@trellis/cron';
import { apiResourceMetaSchema, paginationResponseSchema, uuidSchema } from './common';
import { workflowRunStatusSchema } from './enums';

const dateTime = z.iso.datetime({ offset: true, message: 'must be an RFC 3339 date-time' });
const jsonObject = z.record(z.string(), z.unknown());
const priority = z
  .number({ message: 'must be a whole number from 1 to 3' })
  .int({ message: 'must be a whole number from 1 to 3' })
  .min(1, { message: 'must be a whole number from 1 to 3' })
  .max(3, { message: 'must be a whole number from 1 to 3' });

/** Longest cron name and cron string accepted. */
export const MAX_CRON_NAME_LENGTH = 255;
export const MAX_CRON_EXPRESSION_LENGTH = 255;
/** Most scheduled runs one bulk request names. */
export const MAX_SCHEDULED_BULK = 500;

/**
 * A cron string, checked by the one cron module (@trellis/cron): an invalid one is refused on
 * its field with the spec's message (section 5), e.g. "Expression contains invalid values".
 */
export const cronExpressionSchema = z
  .string()
  .max(MAX_CRON_EXPRESSION_LENGTH)
  .superRefine((value, ctx) => {
    const validation = validateCron(value);
    if (!validation.valid) ctx.addIssue({ code: 'custom', message: validation.message });
  });

export const cronWorkflowsMethodSchema = z
  .enum(['DEFAULT', 'API'])
  .meta({ id: 'CronWorkflowsMethod' });
export type CronWorkflowsMethod = z.infer<typeof cronWorkflowsMethodSchema>;

export const scheduledWorkflowsMethodSchema = z
  .enum(['DEFAULT', 'API'])
  .meta({ id: 'ScheduledWorkflowsMethod' });

/** A scheduled run's status: SCHEDULED until it fires, then its run's (older vocabulary). */
export const scheduledRunStatusSchema = z
  .enum(['PENDING', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED', 'QUEUED', 'SCHEDULED'])
  .meta({ id: 'ScheduledRunStatus' });
export type ScheduledRunStatus = z.infer<typeof scheduledRunStatusSchema>;

export const cronWorkflowsOrderByFieldSchema = z
  .enum(['name', 'createdAt'])
  .meta({ id: 'CronWorkflowsOrderByField' });
export const scheduledWorkflowsOrderByFieldSchema = z
  .enum(['triggerAt', 'createdAt'])
  .meta({ id: 'ScheduledWorkflowsOrderByField' });
export const orderByDirectionSchema = z
  .enum(['ASC', 'DESC'])
  .meta({ id: 'WorkflowRunOrderByDirection' });

export const cronWorkflowsSchema = z
  .object({
    metadata: apiResourceMetaSchema,
    tenantId: z.string(),
    workflowVersionId: z.string(),
    workflowId: z.string(),
    workflowName: z.string(),
    cron: z.string(),
    name: z.string().optional(),
    input: jsonObject.optional(),
    additionalMetadata: jsonObject.optional(),
    enabled: z.boolean(),
    method: cronWorkflowsMethodSchema,
    priority: z.number().int().optional(),
    /** Trellis: the due time of the latest fire, the run it created, and whether it was late. */
    lastFire: z
      .object({ dueAt: dateTime, runId: z.string().optional(), late: z.boolean() })
      .meta({ id: 'CronWorkflowsLastFire' })
      .optional(),
  })
  .meta({ id: 'CronWorkflows' });
export type CronWorkflows = z.infer<typeof cronWorkflowsSchema>;

export const cronWorkflowsListSchema = z
  .object({ rows: z.array(cronWorkflowsSchema), pagination: paginationResponseSchema })
  .meta({ id: 'CronWorkflowsList' });
export type CronWorkflowsList = z.infer<typeof cronWorkflowsListSchema>;

export const createCronWorkflowTriggerRequestSchema = z
  .object({
    input: jsonObject.default({}),
    additionalMetadata: jsonObject.default({}),
    cronName: z
      .string({ message: 'cron name is required' })
      .trim()
      .min(1, { message: 'cron name is required' })
      .max(MAX_CRON_NAME_LENGTH),
    cronExpression: cronExpressionSchema,
    priority: priority.optional(),
  })
  .meta({ id: 'CreateCronWorkflowTriggerRequest' });

/**
 * `{enabled}` as the reference takes it; beyond it (Trellis) the expression, name, input,
 * metadata and priority of a cron created over REST can be edited in place.
 */
export const updateCronWorkflowTriggerRequestSchema = z
  .object({
    enabled: z.boolean().optional(),
    cronName: z.string().trim().min(1, { message: 'cron name is required' }).max(255).optional(),
    cronExpression: cronExpressionSchema.optional(),
    input: jsonObject.optional(),
    additionalMetadata: jsonObject.optional(),
    priority: priority.optional(),
  })
  .meta({ id: 'UpdateCronWorkflowTriggerRequest' });

export const scheduledWorkflowsSchema = z
  .object({
    metadata: apiResourceMetaSchema,
    tenantId: z.string(),
    workflowVersionId: z.string(),
    workflowId: z.string(),
    workflowName: z.string(),
    triggerAt: dateTime,
    input: jsonObject.optional(),
    additionalMetadata: jsonObject.optional(),
    workflowRunCreatedAt: dateTime.optional(),
    workflowRunName: z.string().optional(),
    workflowRunStatus: workflowRunStatusSchema.optional(),
    workflowRunId: z.string().optional(),
    method: scheduledWorkflowsMethodSchema,
    priority: z.number().int().optional(),
  })
  .meta({ id: 'ScheduledWorkflows' });
export type ScheduledWorkflows = z.infer<typeof scheduledWorkflowsSchema>;

export const scheduledWorkflowsListSchema = z
  .object({ rows: z.array(scheduledWorkflowsSchema), pagination: paginationResponseSchema })
  .meta({ id: 'ScheduledWorkflowsList' });
export type ScheduledWorkflowsList = z.infer<typeof scheduledWorkflowsListSchema>;

export const scheduleWorkflowRunRequestSchema = z
  .object({
    input: jsonObject.default({}),
    additionalMetadata: jsonObject.default({}),
    triggerAt: dateTime,
    priority: priority.optional(),
  })
  .meta({ id: 'ScheduleWorkflowRunRequest' });

export const updateScheduledWorkflowRunRequestSchema = z
  .object({ triggerAt: dateTime })
  .meta({ id: 'UpdateScheduledWorkflowRunRequest' });

export const triggerRunResultSchema = z
  .object({ externalId: z.string() })
  .meta({ id: 'TriggerRunResult' });

const bulkErrorSchema = z
  .object({ id: z.string().optional(), error: z.string() })
  .meta({ id: 'ScheduledWorkflowsBulkError' });

/** Which scheduled runs a bulk delete takes, when it does not name them. */
export const scheduledWorkflowsFilterSchema = z
  .object({
    workflowId: uuidSchema.optional(),
    parentWorkflowRunId: uuidSchema.optional(),
    parentStepRunId: uuidSchema.optional(),
    additionalMetadata: z
      .array(z.string().regex(/^[^:]+:.+$/, { message: 'must be key:value' }))
      .optional(),
    /** Trellis: only those in these statuses (the list's status filter). */
    statuses: z.array(scheduledRunStatusSchema).optional(),
  })
  .meta({ id: 'ScheduledWorkflowsBulkDeleteFilter' });

export const scheduledWorkflowsBulkDeleteRequestSchema = z
  .object({
    scheduledWorkflowRunIds: z.array(uuidSchema).min(1).max(MAX_SCHEDULED_BULK).optional(),
    filter: scheduledWorkflowsFilterSchema.optional(),
  })
  .refine((body) => (body.scheduledWorkflowRunIds === undefined) !== (body.filter === undefined), {
    message: 'Send either scheduledWorkflowRunIds or filter, not both',
  })
  .meta({ id: 'ScheduledWorkflowsBulkDeleteRequest' });

export const scheduledWorkflowsBulkDeleteResponseSchema = z
  .object({ deletedIds: z.array(z.string()), errors: z.array(bulkErrorSchema) })
  .meta({ id: 'ScheduledWorkflowsBulkDeleteResponse' });

export const scheduledWorkflowsBulkUpdateRequestSchema = z
  .object({
    updates: z
      .array(z.object({ id: uuidSchema, triggerAt: dateTime }))
      .min(1)
      .max(MAX_SCHEDULED_BULK),
  })
  .meta({ id: 'ScheduledWorkflowsBulkUpdateRequest' });

export const scheduledWorkflowsBulkUpdateResponseSchema = z
  .object({ updatedIds: z.array(z.string()), errors: z.array(bulkErrorSchema) })
  .meta({ id: 'ScheduledWorkflowsBulkUpdateResponse' });
