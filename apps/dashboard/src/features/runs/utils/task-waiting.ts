/**
 * "Why is this task waiting?" as the task panel and the runs list show it: a short name for
 * the scheduler's reason and the details that go with it (which task a list row asks about
 * is ./waiting-task.ts, light enough for the list's first screen).
 */
import { concurrencyStrategyLabel } from '@/lib/concurrency';
import type { V1TaskWaiting } from '@/types/api';

type WaitingReason = V1TaskWaiting['reason'];

const REASON_LABELS: Record<WaitingReason, string> = {
  NOT_QUEUED: 'Not in the queue',
  CONDITIONS: 'Waiting for its conditions',
  BACKOFF: 'Retry backoff',
  WORKFLOW_PAUSED: 'Workflow paused',
  CANCELLING: 'Being cancelled',
  CONCURRENCY: 'Concurrency limit',
  RATE_LIMITED: 'Rate limited',
  RATE_LIMIT_ERROR: 'Rate limit error',
  BATCH_COLLECTING: 'Batch collecting',
  BATCH_GROUP_BUSY: 'Batch key busy',
  NO_WORKER: 'No worker',
  NO_ACTIVE_WORKER: 'No active worker',
  STICKY_WORKER_BUSY: 'Sticky worker busy',
  NO_MATCHING_WORKER: 'No matching worker',
  NO_FREE_SLOTS: 'No free slots',
  DURABLE_STREAM_RECONNECTING: 'Worker reconnecting',
  NEXT: 'Next in line',
};

export function waitingReasonLabel(reason: string): string {
  return REASON_LABELS[reason as WaitingReason] ?? reason;
}

/** One line of the details: text (`code` for keys and expressions), a time, or runs to open. */
export type WaitingDetail =
  | { kind: 'text'; label: string; value: string; code?: boolean }
  | { kind: 'time'; label: string; value: string }
  | { kind: 'runs'; label: string; runIds: string[] };

const text = (label: string, value: string | number | undefined, code = false) =>
  value === undefined ? [] : [{ kind: 'text' as const, label, value: String(value), code }];
const time = (label: string, value: string | undefined) =>
  value === undefined ? [] : [{ kind: 'time' as const, label, value }];

/**
 * What the reason names: a concurrency key and the runs holding it, a rate limit and when it
 * has units again, a retry time, a slot type.
 */
export function waitingDetails(waiting: V1TaskWaiting): WaitingDetail[] {
  switch (waiting.reason) {
    case 'CONCURRENCY': {
      // A run holds a key once per task at task scope: list each run once.
      const runIds = [...new Set((waiting.heldBy ?? []).map((holder) => holder.runId))];
      return [
        ...text('Key', waiting.key, true),
        ...text('Expression', waiting.expression, true),
        ...text(
          'Strategy',
          waiting.strategy === undefined ? undefined : concurrencyStrategyLabel(waiting.strategy),
        ),
        ...text('Limit', waiting.limit),
        ...(runIds.length > 0 ? [{ kind: 'runs' as const, label: 'Held by', runIds }] : []),
      ];
    }
    case 'BACKOFF':
      return time('Retries at', waiting.readyAt);
    case 'RATE_LIMITED':
      return [
        ...text('Rate limit', waiting.key, true),
        ...text('Limit', waiting.limit === undefined ? undefined : `${waiting.limit} per window`),
        ...time('Units free at', waiting.readyAt),
      ];
    case 'RATE_LIMIT_ERROR':
      return [...text('Rate limit', waiting.key, true), ...text('Error', waiting.error)];
    case 'BATCH_COLLECTING':
      return [
        ...text('Batch key', waiting.key || undefined, true),
        ...text('Collected', `${waiting.size ?? 0} of ${waiting.maxSize ?? 0}`),
        ...time('Starts by', waiting.readyAt),
      ];
    case 'BATCH_GROUP_BUSY':
      return [
        ...text('Batch key', waiting.key || undefined, true),
        ...text('Running batches', waiting.running),
        ...text('Limit', waiting.limit),
      ];
    case 'NO_FREE_SLOTS':
      return [
        ...text('Slot type', waiting.slotType),
        ...text('Workers', waiting.workers),
        ...text('Action', waiting.actionId, true),
      ];
    case 'DURABLE_STREAM_RECONNECTING':
      return [...text('Action', waiting.actionId, true), ...time('Goes by', waiting.readyAt)];
    case 'NO_ACTIVE_WORKER':
      return [
        ...text('Action', waiting.actionId, true),
        ...text('Paused workers', waiting.paused),
        ...text('Inactive workers', waiting.inactive),
      ];
    case 'NO_WORKER':
      return text('Action', waiting.actionId, true);
    case 'STICKY_WORKER_BUSY':
      return [...text('Worker', waiting.workerId, true), ...text('Action', waiting.actionId, true)];
    case 'NO_MATCHING_WORKER':
      return [
        ...text('Required labels', waiting.labels?.join(', '), true),
        ...text('Action', waiting.actionId, true),
      ];
    case 'NOT_QUEUED':
      return text('Status', waiting.status);
    case 'CONDITIONS':
      // What it waits for is in the reason's sentence; these are its times.
      return [
        ...time('Counting since', waiting.since),
        ...time('Next sleep ends', waiting.nextSleepAt ?? undefined),
      ];
    default:
      return [];
  }
}
