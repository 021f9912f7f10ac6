/**
 * The database side of assigning, inside the tick's transaction: one statement for the
 * attempts (assignAttempts), and for DAG tasks the finished tasks of their runs (parents'
 * outputs, on-failure errors).
 */
import type { Queryable } from '@trellis/db';
import { assignAttempts, type DispatchRow } from './queries/attempt.queries';
import { listFinishedTaskResults } from './queries/task.queries';
import type { Assignment } from './scheduler';

export interface Dispatch {
  /** The assigned tasks that were still queued, with what their actions carry. */
  rows: DispatchRow[];
  /** Finished tasks of the DAG runs among them: parents' outputs, on-failure errors. */
  parentResults: Awaited<ReturnType<typeof listFinishedTaskResults>>;
}

const nothing: Dispatch = { rows: [], parentResults: [] };

export async function writeAssignments(
  tx: Queryable,
  assignments: readonly Assignment[],
  now: number,
): Promise<Dispatch> {
  if (assignments.length === 0) return nothing;
  const rows = await assignAttempts(
    tx,
    assignments.map(({ item, worker }) => ({
      taskId: item.taskId,
      retryCount: item.retryCount,
      workerId: worker.id,
      slotType: item.slotType,
      slotUnits: item.slotUnits,
    })),
    new Date(now),
  );
  const dagRuns = [
    ...new Set(rows.filter((r) => r.parents.length > 0 || r.isOnFailure).map((r) => r.runId)),
  ];
  const parentResults = dagRuns.length === 0 ? [] : await listFinishedTaskResults(tx, dagRuns);
  return { rows, parentResults };
}
