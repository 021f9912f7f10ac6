import type { V1TaskSummary } from '@/types/api';

/**
 * The task a queued row of the runs list asks about (by its `taskExternalId`: a standalone
 * run's row carries the run's id): the row's own task, or for a DAG run its first queued
 * task (the run has no reason of its own).
 */
export function waitingTaskOf(row: V1TaskSummary): V1TaskSummary | undefined {
  if (row.status !== 'QUEUED') return undefined;
  if (row.type !== 'DAG') return row;
  return row.children?.find((child) => child.status === 'QUEUED');
}
