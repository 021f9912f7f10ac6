import { z } from 'zod';

const dateTime = z.iso.datetime({ offset: true });

/** What a wait waits for: a sleep, an event (with its filter), or a spawned run. */
export const v1DurableWaitConditionSchema = z
  .object({
    kind: z.enum(['SLEEP', 'USER_EVENT', 'CHILD_WORKFLOW']).optional(),
    sleepDurationMs: z.number().int().optional(),
    eventKey: z.string().optional(),
    /** Trellis: the CEL filter on the event, and the scope it must carry. */
    expression: z.string().optional(),
    scope: z.string().optional(),
    workflowName: z.string().optional(),
    /** Alternatives: any one of them meets this condition. */
    get or() {
      return z.array(v1DurableWaitConditionSchema).optional();
    },
  })
  .meta({ id: 'V1DurableWaitCondition' });

/**
 * One node of a durable task's event log: a wait, a memo or a spawned run, in call order.
 * Trellis adds what completed it (`result`, or `error` for a failed child), the invocation
 * that wrote it and the last one that reached it on a replay, and when a sleep ends.
 */
export const v1DurableEventLogEntrySchema = z
  .object({
    nodeId: z.number().int(),
    branchId: z.number().int(),
    kind: z.enum(['RUN', 'WAIT_FOR', 'MEMO']),
    waitData: z.array(v1DurableWaitConditionSchema).optional(),
    isSatisfied: z.boolean(),
    satisfiedAt: dateTime.optional(),
    insertedAt: dateTime,
    userMessage: z.string().optional(),
    taskExternalId: z.string(),
    taskDisplayName: z.string(),
    invocationCount: z.number().int(),
    lastInvocationCount: z.number().int(),
    dueAt: dateTime.optional(),
    result: z.unknown().optional(),
    error: z.string().optional(),
    childWorkflowRunId: z.string().optional(),
  })
  .meta({ id: 'V1DurableEventLogEntry' });
export type V1DurableEventLogEntry = z.infer<typeof v1DurableEventLogEntrySchema>;
