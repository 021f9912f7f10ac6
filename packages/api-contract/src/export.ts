import { z } from 'zod';
import { v1TaskStatusSchema, v1WorkflowTypeSchema } from './enums';

/**
 * Trellis: exports of the runs and events lists. The server streams every row the list's
 * filters match (no page, no cap) as CSV, whose columns are a row schema's fields in order
 * (objects JSON-encoded, absent values empty), or as a JSON array with one row per line.
 */

export const exportFormatSchema = z
  .enum(['csv', 'json'], { message: 'must be csv or json' })
  .meta({ id: 'ExportFormat' });
export type ExportFormat = z.infer<typeof exportFormatSchema>;

/** The response header that says how many rows an export sends, before the first one arrives. */
export const EXPORT_TOTAL_HEADER = 'x-total-count';

const dateTime = z.iso.datetime({ offset: true });
const jsonObject = z.record(z.string(), z.unknown());

/** A run, or with `only_tasks` a task, as the runs list shows it. */
export const v1RunExportRowSchema = z
  .object({
    id: z.string(),
    type: v1WorkflowTypeSchema,
    displayName: z.string(),
    status: v1TaskStatusSchema,
    workflowId: z.string(),
    workflowName: z.string(),
    /** The run a task belongs to (a run's own id for runs). */
    workflowRunId: z.string(),
    parentTaskExternalId: z.string().nullable(),
    createdAt: dateTime,
    startedAt: dateTime.nullable(),
    finishedAt: dateTime.nullable(),
    durationMs: z.number().int().nullable(),
    /** The attempt of a task (1 for its first run); null for DAG runs. */
    attempt: z.number().int().nullable(),
    errorMessage: z.string(),
    additionalMetadata: jsonObject,
  })
  .meta({ id: 'V1RunExportRow' });
export type V1RunExportRow = z.infer<typeof v1RunExportRowSchema>;

/** An event as the events list shows it, with how many of the runs it triggered are in each status. */
export const v1EventExportRowSchema = z
  .object({
    id: z.string(),
    key: z.string(),
    seenAt: dateTime,
    scope: z.string().nullable(),
    runsQueued: z.number().int(),
    runsRunning: z.number().int(),
    runsSucceeded: z.number().int(),
    runsFailed: z.number().int(),
    runsCancelled: z.number().int(),
    additionalMetadata: jsonObject,
    payload: z.unknown(),
  })
  .meta({ id: 'V1EventExportRow' });
export type V1EventExportRow = z.infer<typeof v1EventExportRowSchema>;
