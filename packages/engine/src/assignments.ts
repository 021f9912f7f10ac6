/**
 * Assigning queued attempts to workers, around the scheduler's in-memory decision: written at
 * the start of a tick's transaction (queue rows out, runtimes and ASSIGNED events in, the
 * actions' contents out), sent on the workers' streams after COMMIT, and put back in the queue
 * if the transaction fails.
 */
import type { Queryable } from '@trellis/db';
import { batchAction, startAction } from './assigned-actions';
import type { FormedBatch } from './batches';
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
    assignments.map(({ item, worker, batch }) => ({
      taskId: item.taskId,
      retryCount: item.retryCount,
      workerId: worker.id,
      slotType: item.slotType,
      slotUnits: item.slotUnits,
      ...(batch ? { batchId: batch.formed.id, message: batchNote(batch.formed) } : {}),
    })),
    new Date(now),
  );
  const dagRuns = [
    ...new Set(rows.filter((r) => r.parents.length > 0 || r.isOnFailure).map((r) => r.runId)),
  ];
  const parentResults = dagRuns.length === 0 ? [] : await listFinishedTaskResults(tx, dagRuns);
  return { rows, parentResults };
}

const batchNote = (batch: FormedBatch) =>
  `In batch ${batch.id} of ${batch.size}, formed ${batch.trigger === 'MAX_SIZE' ? 'full' : 'when its interval ran out'}`;

/**
 * After COMMIT: registers the assigned attempts as running and sends their actions, one per
 * task, or one per batch.
 */
export function dispatchAssignments(
  running: RunningAttempts,
  assignments: readonly Assignment[],
  written: WrittenAssignments,
  now: number,
): void {
  const dispatched = new Set(written.rows.map((r) => r.id));
  // Items that were no longer queued (cancelled meanwhile) give their slots back; a batch
  // holds one slot, given back if none of its members was still queued.
  const batchesGoing = new Set<FormedBatch>();
  for (const a of assignments) {
    if (a.batch && dispatched.has(a.item.taskId)) batchesGoing.add(a.batch.formed);
  }
  for (const a of assignments) {
    if (dispatched.has(a.item.taskId) || (a.batch && a.batch.index > 0)) continue;
    if (!a.batch || !batchesGoing.has(a.batch.formed)) {
      releaseUnits(a.worker, a.item.slotType, a.item.slotUnits);
    }
  }
  const byTask = new Map(assignments.map((a) => [a.item.taskId, a]));
  const batchRows = new Map<FormedBatch, DispatchRow[]>();
  for (const row of written.rows) {
    const { item, worker, batch } = byTask.get(row.id)!;
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
        ...(batch ? { batch: { id: batch.formed.id, key: batch.formed.key } } : {}),
        ...(row.isDurable ? { durable: true } : {}),
      },
      { slotReserved: true },
    );
    if (!batch) {
      worker.stream?.send(startAction(row, written.parentResults));
      continue;
    }
    const rows = batchRows.get(batch.formed) ?? [];
    rows.push(row);
    batchRows.set(batch.formed, rows);
  }
  for (const [formed, rows] of batchRows) {
    // In the order the batch took them (the queue's).
    const index = (row: DispatchRow) => byTask.get(row.id)!.batch!.index;
    rows.sort((a, b) => index(a) - index(b));
    const { worker } = byTask.get(rows[0]!.id)!;
    const start = {
      id: formed.id,
      key: formed.key,
      size: rows.length,
      trigger: formed.trigger,
      formedAt: new Date(formed.formedAt),
    };
    worker.stream?.send(batchAction(rows, start, written.parentResults));
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
  for (const { item, worker, batch } of assignments) {
    // A batch reserved its one slot with its first member.
    if (!batch || batch.index === 0) releaseUnits(worker, item.slotType, item.slotUnits);
    scheduler.attemptUnstarted(item.taskId);
    scheduler.enqueue(item, now);
  }
}
