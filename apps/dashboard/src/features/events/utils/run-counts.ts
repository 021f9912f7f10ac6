import type { V1EventWorkflowRunSummary, V1TaskStatus } from '@/types/api';

/** The summary's counts in the reference's order, each with the run status it counts. */
const ORDER: readonly { field: keyof V1EventWorkflowRunSummary; status: V1TaskStatus }[] = [
  { field: 'failed', status: 'FAILED' },
  { field: 'succeeded', status: 'COMPLETED' },
  { field: 'running', status: 'RUNNING' },
  { field: 'cancelled', status: 'CANCELLED' },
  { field: 'queued', status: 'QUEUED' },
];

/** The non-zero run counts of an event, failures first ("2 Failed", "5 Succeeded", ...). */
export function runCounts(
  summary: V1EventWorkflowRunSummary | undefined,
): { status: V1TaskStatus; count: number }[] {
  if (!summary) return [];
  return ORDER.map(({ field, status }) => ({ status, count: summary[field] })).filter(
    (entry) => entry.count > 0,
  );
}
