import { z } from 'zod';
import { apiResourceMetaSchema, paginationResponseSchema, uuidSchema } from './common';
import { stepRunStatusSchema, workflowRunStatusSchema } from './enums';
import { jobSchema, stepSchema, workflowVersionSchema } from './workflows';

/**
 * The older (v0) run objects: a workflow run made of job runs made of step runs, with step-run
 * events, archives and log lines (rest-api.md §4.7). Trellis keeps one model, runs and tasks;
 * these are views of it: a run has one job run, and each of its tasks is a step run.
 */

const dateTime = z.iso.datetime({ offset: true });
const jsonObject = z.record(z.string(), z.unknown());

/** Most runs one replay or cancel names, as the reference allows. */
const MAX_LEGACY_RUN_IDS = 500;

export const jobRunStatusSchema = z
  .enum(['PENDING', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED', 'BACKOFF'])
  .meta({ id: 'JobRunStatus' });
export type JobRunStatus = z.infer<typeof jobRunStatusSchema>;
export type StepRunStatus = z.infer<typeof stepRunStatusSchema>;

export const STEP_RUN_EVENT_REASONS = [
  'REQUEUED_NO_WORKER',
  'REQUEUED_RATE_LIMIT',
  'SCHEDULING_TIMED_OUT',
  'ASSIGNED',
  'STARTED',
  'ACKNOWLEDGED',
  'FINISHED',
  'FAILED',
  'RETRYING',
  'CANCELLED',
  'TIMEOUT_REFRESHED',
  'REASSIGNED',
  'TIMED_OUT',
  'SLOT_RELEASED',
  'RETRIED_BY_USER',
  'WORKFLOW_RUN_GROUP_KEY_SUCCEEDED',
  'WORKFLOW_RUN_GROUP_KEY_FAILED',
] as const;
export const stepRunEventReasonSchema = z
  .enum(STEP_RUN_EVENT_REASONS)
  .meta({ id: 'StepRunEventReason' });
export type StepRunEventReason = z.infer<typeof stepRunEventReasonSchema>;

export const stepRunEventSeveritySchema = z
  .enum(['INFO', 'WARNING', 'CRITICAL'])
  .meta({ id: 'StepRunEventSeverity' });
export type StepRunEventSeverity = z.infer<typeof stepRunEventSeveritySchema>;

/** FUNCTION: a standalone task; DURABLE: a standalone durable task; DAG: a workflow of steps. */
export const workflowKindSchema = z
  .enum(['FUNCTION', 'DURABLE', 'DAG'])
  .meta({ id: 'WorkflowKind' });
export type WorkflowKind = z.infer<typeof workflowKindSchema>;

export const workflowRunOrderByFieldSchema = z
  .enum(['createdAt', 'startedAt', 'finishedAt', 'duration'])
  .meta({ id: 'WorkflowRunOrderByField' });
export type WorkflowRunOrderByField = z.infer<typeof workflowRunOrderByFieldSchema>;

export const workflowRunOrderByDirectionSchema = z
  .enum(['ASC', 'DESC'])
  .meta({ id: 'WorkflowRunOrderByDirection' });

export const logLineLevelSchema = z
  .enum(['DEBUG', 'INFO', 'WARN', 'ERROR'])
  .meta({ id: 'LogLineLevel' });

export const logLineOrderByDirectionSchema = z
  .enum(['asc', 'desc'])
  .meta({ id: 'LogLineOrderByDirection' });

/** A time and its Unix epoch seconds twin, as step runs carry both. */
const epochTwin = {
  startedAt: dateTime.optional(),
  startedAtEpoch: z.number().int().optional(),
  finishedAt: dateTime.optional(),
  finishedAtEpoch: z.number().int().optional(),
  timeoutAt: dateTime.optional(),
  timeoutAtEpoch: z.number().int().optional(),
  cancelledAt: dateTime.optional(),
  cancelledAtEpoch: z.number().int().optional(),
  cancelledReason: z.string().optional(),
  cancelledError: z.string().optional(),
};

/** A task as a step run. `input` and `output` are JSON text; `jobRunId` is its run's id. */
export const stepRunSchema = z
  .object({
    metadata: apiResourceMetaSchema,
    tenantId: z.string(),
    jobRunId: z.string(),
    stepId: z.string(),
    step: stepSchema.optional(),
    childWorkflowsCount: z.number().int().optional(),
    parents: z.array(z.string()).optional(),
    workerId: z.string().optional(),
    input: z.string().optional(),
    output: z.string().optional(),
    status: stepRunStatusSchema,
    error: z.string().optional(),
    ...epochTwin,
  })
  .meta({ id: 'StepRun' });
export type StepRun = z.infer<typeof stepRunSchema>;

/** A run's one job run: its id is the run's, its job the run's workflow version's. */
export const jobRunSchema = z
  .object({
    metadata: apiResourceMetaSchema,
    tenantId: z.string(),
    workflowRunId: z.string(),
    jobId: z.string(),
    job: jobSchema.optional(),
    stepRuns: z.array(stepRunSchema).optional(),
    status: jobRunStatusSchema,
    startedAt: dateTime.optional(),
    finishedAt: dateTime.optional(),
    timeoutAt: dateTime.optional(),
    cancelledAt: dateTime.optional(),
    cancelledReason: z.string().optional(),
    cancelledError: z.string().optional(),
  })
  .meta({ id: 'JobRun' });
export type JobRun = z.infer<typeof jobRunSchema>;

export const workflowRunTriggeredBySchema = z
  .object({
    metadata: apiResourceMetaSchema,
    parentWorkflowRunId: z.string().optional(),
    eventId: z.string().optional(),
    cronParentId: z.string().optional(),
    cronSchedule: z.string().optional(),
  })
  .meta({ id: 'WorkflowRunTriggeredBy' });

const workflowRunFields = {
  metadata: apiResourceMetaSchema,
  tenantId: z.string(),
  workflowVersionId: z.string(),
  workflowVersion: workflowVersionSchema.optional(),
  status: workflowRunStatusSchema,
  displayName: z.string().optional(),
  jobRuns: z.array(jobRunSchema).optional(),
  triggeredBy: workflowRunTriggeredBySchema,
  input: jsonObject.optional(),
  error: z.string().optional(),
  startedAt: dateTime.optional(),
  finishedAt: dateTime.optional(),
  duration: z.number().int().optional(),
  parentId: z.string().optional(),
  parentStepRunId: z.string().optional(),
  additionalMetadata: jsonObject.optional(),
};

/** A run in the older (v0) shape. */
export const workflowRunSchema = z.object(workflowRunFields).meta({ id: 'WorkflowRun' });
export type WorkflowRun = z.infer<typeof workflowRunSchema>;

/** A run with its version's jobs and steps and its job run's step runs, for drawing it. */
export const workflowRunShapeSchema = z
  .object({ ...workflowRunFields, workflowId: z.string().optional() })
  .meta({ id: 'WorkflowRunShape' });

export const workflowRunListSchema = z
  .object({ rows: z.array(workflowRunSchema), pagination: paginationResponseSchema })
  .meta({ id: 'WorkflowRunList' });

/** One task event as a step-run event: each is seen once, so `count` is 1. */
export const stepRunEventSchema = z
  .object({
    id: z.number().int(),
    timeFirstSeen: dateTime,
    timeLastSeen: dateTime,
    stepRunId: z.string().optional(),
    workflowRunId: z.string().optional(),
    reason: stepRunEventReasonSchema,
    severity: stepRunEventSeveritySchema,
    message: z.string(),
    count: z.number().int(),
    data: jsonObject.optional(),
  })
  .meta({ id: 'StepRunEvent' });
export type StepRunEvent = z.infer<typeof stepRunEventSchema>;

export const stepRunEventListSchema = z
  .object({ pagination: paginationResponseSchema.optional(), rows: z.array(stepRunEventSchema) })
  .meta({ id: 'StepRunEventList' });

/** An earlier attempt of a step run, as it ended. `order` is its retry count. */
export const stepRunArchiveSchema = z
  .object({
    stepRunId: z.string(),
    order: z.number().int(),
    input: z.string().optional(),
    output: z.string().optional(),
    error: z.string().optional(),
    retryCount: z.number().int(),
    createdAt: dateTime,
    ...epochTwin,
  })
  .meta({ id: 'StepRunArchive' });
export type StepRunArchive = z.infer<typeof stepRunArchiveSchema>;

export const stepRunArchiveListSchema = z
  .object({ pagination: paginationResponseSchema.optional(), rows: z.array(stepRunArchiveSchema) })
  .meta({ id: 'StepRunArchiveList' });

/** Runs per status; PENDING is always 0, as Trellis queues a run the moment it is created. */
export const workflowRunsMetricsSchema = z
  .object({
    counts: z.object({
      PENDING: z.number().int(),
      RUNNING: z.number().int(),
      SUCCEEDED: z.number().int(),
      FAILED: z.number().int(),
      QUEUED: z.number().int(),
      CANCELLED: z.number().int(),
    }),
  })
  .meta({ id: 'WorkflowRunsMetrics' });

const runIdsSchema = z.array(uuidSchema).min(1).max(MAX_LEGACY_RUN_IDS);

export const replayWorkflowRunsRequestSchema = z
  .object({ workflowRunIds: runIdsSchema })
  .meta({ id: 'ReplayWorkflowRunsRequest' });

export const replayWorkflowRunsResponseSchema = z
  .object({ workflowRuns: z.array(workflowRunSchema) })
  .meta({ id: 'ReplayWorkflowRunsResponse' });

export const workflowRunsCancelRequestSchema = z
  .object({ workflowRunIds: runIdsSchema })
  .meta({ id: 'WorkflowRunsCancelRequest' });

export const workflowRunsCancelResponseSchema = z
  .object({ workflowRunIds: z.array(z.string()) })
  .meta({ id: 'WorkflowRunsCancelResponse' });

/** Trellis reruns a step with the input it ran with: `input` must be that input. */
export const rerunStepRunRequestSchema = z
  .object({ input: jsonObject })
  .meta({ id: 'RerunStepRunRequest' });

export const logLineSchema = z
  .object({ createdAt: dateTime, message: z.string(), metadata: jsonObject })
  .meta({ id: 'LogLine' });

export const logLineListSchema = z
  .object({ pagination: paginationResponseSchema, rows: z.array(logLineSchema) })
  .meta({ id: 'LogLineList' });

/** The older concurrency metric of a workflow: its runs' concurrency keys. */
export const workflowMetricsSchema = z
  .object({ groupKeyRunsCount: z.number().int(), groupKeyCount: z.number().int() })
  .meta({ id: 'WorkflowMetrics' });

/** A bare JSON object: a run's input, or a step's input JSON schema. */
export const jsonObjectSchema = jsonObject;
