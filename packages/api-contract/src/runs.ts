import { z } from 'zod';
import { apiResourceMetaSchema, paginationResponseSchema, uuidSchema } from './common';
import {
  v1LogLineLevelSchema,
  v1TaskEventTypeSchema,
  v1TaskStatusSchema,
  v1WorkflowTypeSchema,
} from './enums';

const dateTime = z.iso.datetime({ offset: true });

/**
 * Lists count at most this many matches, pages reach no deeper, and "everything matching" (ids
 * for bulk actions) stops here: no request reads more of a tenant's history than this.
 */
export const RUN_LIST_CAP = 10_000;

/** Deepest level of child runs the waterfall descends to. */
export const MAX_TIMING_DEPTH = 10;

const jsonObject = z.record(z.string(), z.unknown());

export interface V1TaskSummary {
  metadata: { id: string; createdAt: string; updatedAt: string };
  taskId: number;
  taskExternalId: string;
  taskInsertedAt: string;
  type: 'DAG' | 'TASK';
  displayName: string;
  status: z.infer<typeof v1TaskStatusSchema>;
  createdAt: string;
  startedAt?: string;
  finishedAt?: string;
  duration?: number;
  input: Record<string, unknown>;
  output: Record<string, unknown>;
  errorMessage?: string;
  additionalMetadata?: Record<string, unknown>;
  tenantId: string;
  workflowId: string;
  workflowName?: string;
  workflowVersionId?: string;
  workflowRunExternalId: string;
  workflowConfig?: Record<string, unknown>;
  stepId?: string;
  actionId?: string;
  retryCount?: number;
  attempt?: number;
  numSpawnedChildren: number;
  children?: V1TaskSummary[];
  parentTaskExternalId?: string;
  isEvicted?: boolean;
  isDurable?: boolean;
  isSkipped?: boolean;
  outputKept?: boolean;
}

/** A task, or a whole DAG run (with its tasks as `children`), as lists and details show it. */
export const v1TaskSummarySchema: z.ZodType<V1TaskSummary> = z
  .object({
    metadata: apiResourceMetaSchema,
    taskId: z.number().int(),
    taskExternalId: z.string(),
    taskInsertedAt: dateTime,
    type: v1WorkflowTypeSchema,
    displayName: z.string(),
    status: v1TaskStatusSchema,
    createdAt: dateTime,
    startedAt: dateTime.optional(),
    finishedAt: dateTime.optional(),
    duration: z.number().int().optional(),
    input: jsonObject,
    output: jsonObject,
    errorMessage: z.string().optional(),
    additionalMetadata: jsonObject.optional(),
    tenantId: z.string(),
    workflowId: z.string(),
    workflowName: z.string().optional(),
    workflowVersionId: z.string().optional(),
    workflowRunExternalId: z.string(),
    workflowConfig: jsonObject.optional(),
    stepId: z.string().optional(),
    actionId: z.string().optional(),
    retryCount: z.number().int().optional(),
    attempt: z.number().int().optional(),
    numSpawnedChildren: z.number().int(),
    get children() {
      return z.array(v1TaskSummarySchema).optional();
    },
    parentTaskExternalId: z.string().optional(),
    /** A durable task evicted now (it reports RUNNING); a DAG run's row: any of its tasks. */
    isEvicted: z.boolean().optional(),
    /** A durable task; a DAG run's row: any of its tasks. */
    isDurable: z.boolean().optional(),
    /** Trellis: its conditions skipped the task (it is COMPLETED, output {skipped: true}). */
    isSkipped: z.boolean().optional(),
    /**
     * Trellis, on an earlier attempt (`attempt` below the latest): whether `output` is the
     * attempt's own, kept when a replay replaced it; otherwise it is empty.
     */
    outputKept: z.boolean().optional(),
  })
  .meta({ id: 'V1TaskSummary' });

export const v1TaskSummaryListSchema = z
  .object({ pagination: paginationResponseSchema, rows: z.array(v1TaskSummarySchema) })
  .meta({ id: 'V1TaskSummaryList' });

export const v1TaskEventSchema = z
  .object({
    id: z.number().int(),
    taskId: z.string(),
    timestamp: dateTime,
    eventType: v1TaskEventTypeSchema,
    message: z.string(),
    errorMessage: z.string().optional(),
    output: z.string().optional(),
    workerId: z.string().optional(),
    taskDisplayName: z.string().optional(),
    retryCount: z.number().int().optional(),
    attempt: z.number().int().optional(),
  })
  .meta({ id: 'V1TaskEvent' });
export type V1TaskEvent = z.infer<typeof v1TaskEventSchema>;

export const v1TaskEventListSchema = z
  .object({ pagination: z.object({}).optional(), rows: z.array(v1TaskEventSchema) })
  .meta({ id: 'V1TaskEventList' });

/**
 * Trellis: why a task has not started: the reason the scheduler holds it, named precisely.
 * `reason` is one of NOT_QUEUED (with `status`), BACKOFF (`readyAt`), WORKFLOW_PAUSED,
 * CANCELLING, CONCURRENCY (`key`, `expression`, `strategy`, `limit`, `heldBy`), RATE_LIMITED
 * (`key`, `limit`, `readyAt`: when its window refills), RATE_LIMIT_ERROR (`key`, `error`: it
 * can never run and fails), STICKY_WORKER_BUSY (`workerId`: a HARD sticky task's worker has no
 * room or is gone), NO_MATCHING_WORKER (`labels`: no worker carries the required labels),
 * BATCH_COLLECTING (`key`, `size`, `maxSize`, `readyAt`: when the batch goes if not full
 * before), BATCH_GROUP_BUSY (`key`, `running`, `limit`: the key's batches running), NO_WORKER,
 * NO_ACTIVE_WORKER (`paused`, `inactive`), NO_FREE_SLOTS (`slotType`, `workers`),
 * DURABLE_STREAM_RECONNECTING (`readyAt`: a durable task whose workers with room are
 * reconnecting their durable stream; it goes by then at the latest), NEXT, and
 * CONDITIONS for a DAG task whose conditions are counting (`since`; `waitingFor`, `skippedIf`
 * and `cancelledIf`: the groups still open, each a list of alternatives in words;
 * `nextSleepAt`); `message` says it in a sentence.
 */
export const v1TaskWaitingSchema = z
  .object({
    reason: z.enum([
      'NOT_QUEUED',
      'CONDITIONS',
      'BACKOFF',
      'WORKFLOW_PAUSED',
      'CANCELLING',
      'CONCURRENCY',
      'RATE_LIMITED',
      'RATE_LIMIT_ERROR',
      'BATCH_COLLECTING',
      'BATCH_GROUP_BUSY',
      'NO_WORKER',
      'NO_ACTIVE_WORKER',
      'STICKY_WORKER_BUSY',
      'NO_MATCHING_WORKER',
      'NO_FREE_SLOTS',
      'DURABLE_STREAM_RECONNECTING',
      'NEXT',
    ]),
    message: z.string(),
    status: z.string().optional(),
    readyAt: dateTime.optional(),
    actionId: z.string().optional(),
    key: z.string().optional(),
    expression: z.string().optional(),
    strategy: z.string().optional(),
    limit: z.number().int().optional(),
    heldBy: z
      .array(z.object({ runId: z.string(), taskExternalId: z.string().optional() }))
      .optional(),
    paused: z.number().int().optional(),
    inactive: z.number().int().optional(),
    slotType: z.string().optional(),
    workers: z.number().int().optional(),
    error: z.string().optional(),
    workerId: z.string().optional(),
    labels: z.array(z.string()).optional(),
    size: z.number().int().optional(),
    maxSize: z.number().int().optional(),
    running: z.number().int().optional(),
    since: dateTime.optional(),
    waitingFor: z.array(z.array(z.string())).optional(),
    skippedIf: z.array(z.array(z.string())).optional(),
    cancelledIf: z.array(z.array(z.string())).optional(),
    nextSleepAt: dateTime.nullable().optional(),
  })
  .meta({ id: 'V1TaskWaiting' });
export type V1TaskWaiting = z.infer<typeof v1TaskWaitingSchema>;

/**
 * Trellis: what started a run that no caller triggered directly: a cron's fire (its due time)
 * or a scheduled run (its trigger time). `late` marks a fire made after its time had passed,
 * such as one missed while the server was down.
 */
export const v1WorkflowRunTriggerSchema = z
  .object({
    kind: z.enum(['CRON', 'SCHEDULE']),
    cronId: z.string().optional(),
    cronName: z.string().optional(),
    cronExpression: z.string().optional(),
    scheduledRunId: z.string().optional(),
    /** The fire's due time, or the scheduled run's time; absent for a cron's "run now". */
    dueAt: dateTime.optional(),
    late: z.boolean(),
  })
  .meta({ id: 'V1WorkflowRunTrigger' });
export type V1WorkflowRunTrigger = z.infer<typeof v1WorkflowRunTriggerSchema>;

export const v1WorkflowRunSchema = z
  .object({
    metadata: apiResourceMetaSchema,
    status: v1TaskStatusSchema,
    displayName: z.string(),
    tenantId: z.string(),
    workflowId: z.string(),
    workflowVersionId: z.string().optional(),
    input: jsonObject,
    output: jsonObject,
    additionalMetadata: jsonObject.optional(),
    errorMessage: z.string().optional(),
    createdAt: dateTime.optional(),
    startedAt: dateTime.optional(),
    finishedAt: dateTime.optional(),
    duration: z.number().int().optional(),
    parentTaskExternalId: z.string().optional(),
    trigger: v1WorkflowRunTriggerSchema.optional(),
  })
  .meta({ id: 'V1WorkflowRun' });

/** What a condition leads to: QUEUE for the SDK's `waitFor`, SKIP `skipIf`, CANCEL `cancelIf`. */
export const v1TaskConditionActionSchema = z
  .enum(['QUEUE', 'SKIP', 'CANCEL'])
  .meta({ id: 'V1TaskConditionAction' });
export type V1TaskConditionAction = z.infer<typeof v1TaskConditionActionSchema>;

/**
 * Trellis: one condition a DAG task declares: a parent's output (`parentReadableId`, CEL
 * `expression` on `output`), a sleep (`sleepFor`, counted from when its parents are done) or a
 * user event (`eventKey`, CEL `expression` on the event). Conditions of one action sharing an
 * `orGroupId` are alternatives; every group of an action must be met for it to happen. `met`:
 * this run's task has seen it met.
 */
export const v1TaskConditionSchema = z
  .object({
    action: v1TaskConditionActionSchema,
    kind: z.enum(['PARENT', 'SLEEP', 'USER_EVENT']),
    orGroupId: z.string(),
    readableDataKey: z.string(),
    parentReadableId: z.string().optional(),
    /** A duration such as "2s", "1m30s". */
    sleepFor: z.string().optional(),
    eventKey: z.string().optional(),
    expression: z.string().optional(),
    met: z.boolean(),
  })
  .meta({ id: 'V1TaskCondition' });
export type V1TaskCondition = z.infer<typeof v1TaskConditionSchema>;

/**
 * Trellis: where this run's task stands with its conditions: counting since `waitingSince`
 * (its parents were done), its next sleep ending at `nextSleepAt` while it waits, and once
 * decided, when and what (`decision`). Absent until its conditions start counting.
 */
export const v1TaskGateSchema = z
  .object({
    waitingSince: dateTime.optional(),
    decidedAt: dateTime.optional(),
    decision: v1TaskConditionActionSchema.optional(),
    nextSleepAt: dateTime.optional(),
  })
  .meta({ id: 'V1TaskGate' });
export type V1TaskGate = z.infer<typeof v1TaskGateSchema>;

export const workflowRunShapeItemSchema = z
  .object({
    taskExternalId: z.string(),
    stepId: z.string(),
    childrenStepIds: z.array(z.string()),
    taskName: z.string(),
    /** Trellis: the step's conditions; absent when it declares none. */
    conditions: z.array(v1TaskConditionSchema).optional(),
    gate: v1TaskGateSchema.optional(),
  })
  .meta({ id: 'WorkflowRunShapeItemForWorkflowRunDetails' });
export type WorkflowRunShapeItem = z.infer<typeof workflowRunShapeItemSchema>;

export const v1WorkflowRunDetailsSchema = z
  .object({
    run: v1WorkflowRunSchema,
    taskEvents: z.array(v1TaskEventSchema),
    shape: z.array(workflowRunShapeItemSchema),
    tasks: z.array(v1TaskSummarySchema),
    workflowConfig: jsonObject.optional(),
  })
  .meta({ id: 'V1WorkflowRunDetails' });
export type V1WorkflowRunDetails = z.infer<typeof v1WorkflowRunDetailsSchema>;

export const v1TaskFilterSchema = z
  .object({
    since: dateTime,
    until: dateTime.optional(),
    statuses: z.array(v1TaskStatusSchema).optional(),
    workflowIds: z.array(uuidSchema).optional(),
    additionalMetadata: z.array(z.string()).optional(),
    /** Trellis: only runs with a task on this worker. */
    workerId: uuidSchema.optional(),
  })
  .meta({ id: 'V1TaskFilter' });
export type V1TaskFilter = z.infer<typeof v1TaskFilterSchema>;

/** Tasks to act on: by task or run external ids, or the runs matching a filter. */
const taskSelectionSchema = z
  .object({
    externalIds: z.array(uuidSchema).max(RUN_LIST_CAP).optional(),
    filter: v1TaskFilterSchema.optional(),
  })
  .refine((body) => (body.externalIds === undefined) !== (body.filter === undefined), {
    message: 'Send either externalIds or filter',
  });

export const v1CancelTaskRequestSchema = taskSelectionSchema.meta({ id: 'V1CancelTaskRequest' });
export const v1ReplayTaskRequestSchema = taskSelectionSchema.meta({ id: 'V1ReplayTaskRequest' });

export const v1CancelledTasksSchema = z
  .object({ ids: z.array(z.string()) })
  .meta({ id: 'V1CancelledTasks' });
export const v1ReplayedTasksSchema = z
  .object({ ids: z.array(z.string()) })
  .meta({ id: 'V1ReplayedTasks' });

export const v1WorkflowRunDisplayNameSchema = z
  .object({ metadata: apiResourceMetaSchema, displayName: z.string() })
  .meta({ id: 'V1WorkflowRunDisplayName' });

export const v1WorkflowRunDisplayNameListSchema = z
  .object({ pagination: paginationResponseSchema, rows: z.array(v1WorkflowRunDisplayNameSchema) })
  .meta({ id: 'V1WorkflowRunDisplayNameList' });

export const v1WorkflowRunExternalIdListSchema = z
  .array(z.string())
  .meta({ id: 'V1WorkflowRunExternalIdList' });

/** Most attempts of one task a timing row lists: the latest ones, so a row stays drawable. */
export const MAX_TIMING_ATTEMPTS = 20;

/**
 * One attempt of a task on its waterfall row (a Trellis extension: the reference draws only the
 * current attempt). `errorMessage` is the message of the event that failed it, without a stack.
 */
export const v1TaskTimingAttemptSchema = z
  .object({
    attempt: z.number().int(),
    retryCount: z.number().int(),
    status: v1TaskStatusSchema,
    queuedAt: dateTime.optional(),
    startedAt: dateTime.optional(),
    finishedAt: dateTime.optional(),
    errorMessage: z.string().optional(),
  })
  .meta({ id: 'V1TaskTimingAttempt' });

/** One bar of a run's waterfall: a task of the run, or of a child run `depth` levels down. */
export const v1TaskTimingSchema = z
  .object({
    metadata: apiResourceMetaSchema,
    depth: z.number().int(),
    status: v1TaskStatusSchema,
    taskDisplayName: z.string(),
    taskExternalId: z.string(),
    taskId: z.number().int(),
    taskInsertedAt: dateTime,
    tenantId: z.string(),
    parentTaskExternalId: z.string().optional(),
    queuedAt: dateTime.optional(),
    startedAt: dateTime.optional(),
    finishedAt: dateTime.optional(),
    workflowRunId: z.string().optional(),
    retryCount: z.number().int().optional(),
    attempt: z.number().int().optional(),
    /** The task's attempts, oldest first: at most MAX_TIMING_ATTEMPTS, the current one last. */
    attempts: z.array(v1TaskTimingAttemptSchema).optional(),
  })
  .meta({ id: 'V1TaskTiming' });

export const v1TaskTimingListSchema = z
  .object({ pagination: z.object({}), rows: z.array(v1TaskTimingSchema) })
  .meta({ id: 'V1TaskTimingList' });

export const v1TaskRunMetricSchema = z
  .object({ status: v1TaskStatusSchema, count: z.number().int() })
  .meta({ id: 'V1TaskRunMetric' });

export const v1TaskRunMetricsSchema = z
  .array(v1TaskRunMetricSchema)
  .meta({ id: 'V1TaskRunMetrics' });

export const v1TaskPointMetricSchema = z
  .object({ time: dateTime, SUCCEEDED: z.number().int(), FAILED: z.number().int() })
  .meta({ id: 'V1TaskPointMetric' });

export const v1TaskPointMetricsSchema = z
  .object({ results: z.array(v1TaskPointMetricSchema) })
  .meta({ id: 'V1TaskPointMetrics' });

export const v1DagChildrenSchema = z
  .object({ dagId: z.string(), children: z.array(v1TaskSummarySchema) })
  .meta({ id: 'V1DagChildren' });

export const v1DagChildrenListSchema = z.array(v1DagChildrenSchema);

export const v1TriggerWorkflowRunRequestSchema = z
  .object({
    workflowName: z.string().min(1).max(255),
    input: jsonObject,
    additionalMetadata: jsonObject.optional(),
    priority: z
      .number()
      .int()
      .refine((priority) => priority >= 1 && priority <= 3, {
        error: (issue) => `priority must be between 1 and 3, got ${String(issue.input)}`,
      })
      .optional(),
    /** Answer with the new run's id at once instead of its details. */
    return_only_id: z.boolean().optional(),
  })
  .meta({ id: 'V1TriggerWorkflowRunRequest' });

/** The body of the older trigger route, `POST /workflows/{workflow}/trigger`. */
export const triggerWorkflowRunRequestSchema = z
  .object({ input: jsonObject, additionalMetadata: jsonObject.optional() })
  .meta({ id: 'TriggerWorkflowRunRequest' });

export const v1LogLineSchema = z
  .object({
    createdAt: dateTime,
    message: z.string(),
    metadata: jsonObject,
    retryCount: z.number().int().optional(),
    attempt: z.number().int().optional(),
    level: v1LogLineLevelSchema.optional(),
    taskExternalId: z.string().optional(),
    taskDisplayName: z.string().optional(),
  })
  .meta({ id: 'V1LogLine' });

export const v1LogLineListSchema = z
  .object({ rows: z.array(v1LogLineSchema), pagination: paginationResponseSchema.optional() })
  .meta({ id: 'V1LogLineList' });
