/**
 * The database side of assigning: inside the tick's transaction, takes the assigned items'
 * queue rows (only those still queued: a cancel may have won), reads what their actions carry,
 * and records the attempts as running on their workers (task_runtimes) with an ASSIGNED
 * event. tasks.status stays QUEUED until the worker reports the start: the runtime row is the
 * record of the assignment, which saves rewriting every task row (and its indexes) once more.
 */
import type { Queryable } from '@trellis/db';
import { insertTaskEvents } from './queries/task-event.queries';
import { deleteQueueItems } from './queries/task-queue.queries';
import { insertRuntimes } from './queries/task-runtime.queries';
import {
  findDispatchRows,
  listFinishedTaskResults,
  type DispatchRow,
} from './queries/task.queries';
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
  const kept = await deleteQueueItems(
    tx,
    assignments.map((a) => ({ taskId: a.item.taskId, retryCount: a.item.retryCount })),
  );
  if (kept.length === 0) return nothing;
  const rows = await findDispatchRows(tx, kept);
  const dagRuns = [
    ...new Set(rows.filter((r) => r.parents.length > 0 || r.isOnFailure).map((r) => r.runId)),
  ];
  const parentResults = dagRuns.length === 0 ? [] : await listFinishedTaskResults(tx, dagRuns);
  const byTask = new Map(assignments.map((a) => [a.item.taskId, a]));
  await insertRuntimes(
    tx,
    rows.map((row) => {
      const { item, worker } = byTask.get(row.id)!;
      return {
        taskId: row.id,
        tenantId: row.tenantId,
        retryCount: row.retryCount,
        workerId: worker.id,
        slotType: item.slotType,
        slotUnits: item.slotUnits,
        assignedAt: new Date(now),
        startedAt: null,
        timeoutAt: new Date(now + row.timeoutSeconds * 1000),
      };
    }),
  );
  await insertTaskEvents(
    tx,
    rows.map((row) => ({
      tenantId: row.tenantId,
      taskId: row.id,
      retryCount: row.retryCount,
      eventType: 'ASSIGNED',
      workerId: byTask.get(row.id)!.worker.id,
    })),
  );
  return { rows, parentResults };
}
