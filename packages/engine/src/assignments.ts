/**
 * Assigning queued attempts to workers, around the scheduler's in-memory decision: written at
 * the start of a tick's transaction (queue rows out, runtimes and ASSIGNED events in, the
 * actions' contents out), sent on the workers' streams after COMMIT, and put back in the queue
 * if the transaction fails.
 */
import type { Queryable } from '@trellis/db';
import { startAction } from './assigned-actions';
import { assignAttempts, type DispatchRow } from './queries/attempt.queries';
import { listFinishedTaskResults } from './queries/task.queries';
import type { RunningAttempts } from './running-attempts';
import { runWrites } from './queries/combined-writes';
import { rateLimitValuesUpdate } from './queries/rate-limit.queries';
import { taskEventsInsert } from './queries/task-event.queries';
import type { Assignment, ReadyItem, Scheduler } from './scheduler';
import { releaseUnits } from './worker-pool';

export interface WrittenAssignments {
  /** The assigned tasks that were still queued, with what their actions carry. */
  rows: DispatchRow[];
  /** Finished tasks of the DAG runs among them: parents' outputs, on-failure errors. */
  parentResults: Awaited<ReturnType<typeof listFinishedTaskResults>>;
}

const nothing: WrittenAssignments = { rows: [], parentResults: [] };

/** Inside the tick's transaction: one statement for the attempts, one for DAG parents' results. */
export async function writeAssignments(
  tx: Queryable,
  assignments: readonly Assignment[],
  now: number,
): Promise<WrittenAssignments> {
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

/** After COMMIT: registers the assigned attempts as running and sends their actions. */
export function dispatchAssignments(
  running: RunningAttempts,
  assignments: readonly Assignment[],
  written: WrittenAssignments,
  now: number,
): void {
  const dispatched = new Set(written.rows.map((r) => r.id));
  // Items that were no longer queued (cancelled meanwhile) give their slots back.
  for (const a of assignments) {
    if (!dispatched.has(a.item.taskId)) releaseUnits(a.worker, a.item.slotType, a.item.slotUnits);
  }
  const byTask = new Map(assignments.map((a) => [a.item.taskId, a]));
  for (const row of written.rows) {
    const { item, worker } = byTask.get(row.id)!;
    running.add(
      {
        taskId: row.id,
        externalId: row.externalId,
        tenantId: row.tenantId,
        runId: row.runId,
        actionId: row.actionId,
        retryCount: row.retryCount,
        workerId: worker.id,
        slotType: item.slotType,
        slotUnits: item.slotUnits,
        assignedAt: now,
        startedAt: undefined,
        timeoutAt: now + row.timeoutSeconds * 1000,
      },
      { slotReserved: true },
    );
    worker.stream?.send(startAction(row, written.parentResults));
  }
}

/**
 * The rate limits' ledger as the assignments spent it, and the REQUEUED_RATE_LIMIT events of
 * items that started waiting for a refill: written with the assignments, so the table never
 * says more is left than was spent.
 */
export async function writeRateLimits(
  tx: Queryable,
  changes: Parameters<typeof rateLimitValuesUpdate>[0],
  rateLimited: readonly ReadyItem[],
  now: number,
): Promise<void> {
  const writes = [];
  if (changes.length > 0) writes.push(rateLimitValuesUpdate(changes));
  if (rateLimited.length > 0) {
    writes.push(
      taskEventsInsert(
        rateLimited.map((item) => ({
          tenantId: item.tenantId,
          taskId: item.taskId,
          retryCount: item.retryCount,
          eventType: 'REQUEUED_RATE_LIMIT' as const,
          message: 'Rate limit exhausted: the task waits for its window to refill',
          createdAt: new Date(now),
        })),
      ),
    );
  }
  if (writes.length > 0) await runWrites(tx, writes);
}

/** The transaction failed: the items go back to the queue and their slots are freed. */
export function unassign(scheduler: Scheduler, assignments: readonly Assignment[], now: number) {
  for (const { item, worker } of assignments) {
    releaseUnits(worker, item.slotType, item.slotUnits);
    scheduler.attemptUnstarted(item.taskId);
    scheduler.enqueue(item, now);
  }
}
