import type { V1EventExportRow, V1RunExportRow, V1TaskSummary } from '@trellis/api-contract';
import type { EventRow } from '../read-models/event.queries';
import { presentEvent } from './present-events';

/** Export rows: the list rows as the lists present them, flattened to what a file needs. */

export function runExportRow(summary: V1TaskSummary): V1RunExportRow {
  return {
    id: summary.metadata.id,
    type: summary.type,
    displayName: summary.displayName,
    status: summary.status,
    workflowId: summary.workflowId,
    workflowName: summary.workflowName ?? '',
    workflowRunId: summary.workflowRunExternalId,
    parentTaskExternalId: summary.parentTaskExternalId ?? null,
    createdAt: summary.createdAt,
    startedAt: summary.startedAt ?? null,
    finishedAt: summary.finishedAt ?? null,
    durationMs: summary.duration ?? null,
    attempt: summary.attempt ?? null,
    errorMessage: summary.errorMessage ?? '',
    additionalMetadata: summary.additionalMetadata ?? {},
  };
}

export function eventExportRow(row: EventRow, tenantId: string): V1EventExportRow {
  const event = presentEvent(row, tenantId);
  const runs = event.workflowRunSummary;
  return {
    id: event.metadata.id,
    key: event.key,
    seenAt: row.createdAt.toISOString(),
    scope: event.scope ?? null,
    runsQueued: runs.queued,
    runsRunning: runs.running,
    runsSucceeded: runs.succeeded,
    runsFailed: runs.failed,
    runsCancelled: runs.cancelled,
    additionalMetadata: event.additionalMetadata ?? {},
    payload: event.payload ?? null,
  };
}
