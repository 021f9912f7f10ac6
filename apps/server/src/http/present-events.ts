import type { V1Event, V1TaskStatus } from '@trellis/api-contract';
import type { EventRow, TriggeredRunRow } from '../read-models/event.queries';

/** Events as the APIs show them: the v1 shape and the older one. Unset optional fields are omitted. */

const SUMMARY_FIELD = {
  QUEUED: 'queued',
  RUNNING: 'running',
  COMPLETED: 'succeeded',
  FAILED: 'failed',
  CANCELLED: 'cancelled',
} as const satisfies Record<V1TaskStatus, string>;

type RunSummary = Record<(typeof SUMMARY_FIELD)[V1TaskStatus], number>;

/** How many of the runs an event triggered are in each status. */
function summarise(runs: readonly TriggeredRunRow[]): RunSummary {
  const summary: RunSummary = { queued: 0, running: 0, succeeded: 0, failed: 0, cancelled: 0 };
  for (const run of runs) summary[SUMMARY_FIELD[run.status]] += 1;
  return summary;
}

function meta(row: EventRow) {
  const at = row.createdAt.toISOString();
  return { id: row.id, createdAt: at, updatedAt: at };
}

export function presentEvent(row: EventRow, tenantId: string): V1Event {
  return {
    metadata: meta(row),
    key: row.key,
    tenantId,
    workflowRunSummary: summarise(row.triggeredRuns),
    additionalMetadata: row.additionalMetadata,
    payload: row.payload,
    ...(row.scope ? { scope: row.scope } : {}),
    seenAt: row.createdAt.toISOString(),
    triggeredRuns: row.triggeredRuns.map((run) => ({
      workflowRunId: run.runId,
      ...(run.filterId ? { filterId: run.filterId } : {}),
    })),
    ...(row.triggeringWebhookName ? { triggeringWebhookName: row.triggeringWebhookName } : {}),
    ...(row.replayedFromId ? { replayedFromId: row.replayedFromId } : {}),
    ...(row.celFailures?.length ? { celEvaluationFailures: row.celFailures } : {}),
  };
}

/** An event in the older shape, whose run summary also has `pending` (never used by runs here). */
export function presentLegacyEvent(row: EventRow, tenantId: string) {
  return {
    metadata: meta(row),
    key: row.key,
    tenantId,
    workflowRunSummary: { pending: 0, ...summarise(row.triggeredRuns) },
    additionalMetadata: row.additionalMetadata,
  };
}
