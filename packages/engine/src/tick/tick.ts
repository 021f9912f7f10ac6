/**
 * One tick: one transaction that opens with the assignments decided in memory from what is
 * queued, runs every system's phase over what was buffered since the last tick, and ends with
 * one statement for the rows the phases appended. After COMMIT the actions go out on the
 * workers' streams, memory learns the outcome and the systems answer their callers. If the
 * transaction fails, the in-memory changes made before COMMIT are undone and the callers get
 * UNAVAILABLE (the SDK retries); the queue is as it was.
 */
import type { Database, Queryable } from '@trellis/db';
import type { EngineActivity } from '../activity';
import type { FinishedRun } from '../engine-options';
import { cancelAction } from '../assigned-actions';
import { dispatchAssignments, unassign, writeAssignments, writeRateLimits } from '../assignments';
import { ChangeSet, type ChangeFeed } from '../changes';
import type { Deadlines } from '../deadlines';
import type { DurableLogs } from '../durable-log';
import { EngineError } from '../errors';
import type { RunSubscriptions } from '../run-subscriptions';
import type { RunningAttempts } from '../running-attempts';
import type { Scheduler } from '../scheduler';
import type { TaskIdPool } from '../task-ids';
import type { Clock } from '../types';
import type { WorkerRegistry } from '../worker-registry';
import type { System } from './system';
import { TickContext, type TickOutcome } from './tick-context';

export interface TickDeps {
  db: Database;
  clock: Clock;
  maxBatchSize: number;
  scheduler: Scheduler;
  workers: WorkerRegistry;
  running: RunningAttempts;
  subscriptions: RunSubscriptions;
  deadlines: Deadlines;
  taskIds: TaskIdPool;
  /** In phase order (systems/index.ts). */
  systems: readonly System[];
  /** Durable tasks' logs in memory: an ended attempt's leaves it. */
  durableLogs: DurableLogs;
  /** Where live views hear what each committed tick changed. */
  changes: ChangeFeed;
  /** What operators count: runs created and tasks finished, per tenant. */
  activity: EngineActivity;
  /** Told of the runs a committed tick finished (engine-options.ts). */
  onRunsFinished?: ((runs: readonly FinishedRun[]) => void) | undefined;
  /** The engine lease's check, first in the transaction (engine-options.ts). */
  fence?: ((tx: Queryable) => Promise<void>) | undefined;
  isClosing(): boolean;
  onError(message: string, error: unknown): void;
}

export interface TickReport {
  /** False when the transaction failed (the loop waits, then tries again). */
  ok: boolean;
  /** Assignments plus buffered operations: how busy the tick was (tick-loop.ts). */
  operations: number;
  /** The tick left work for another at once: newly queued tasks, or more to assign. */
  again: boolean;
}

export async function runTick(deps: TickDeps): Promise<TickReport> {
  const { scheduler, workers, running, systems } = deps;
  const now = deps.clock.now();
  scheduler.promoteDue(now);
  const assignments = deps.isClosing()
    ? []
    : scheduler.assign(workers.values(), deps.maxBatchSize, now);
  const rateLimited = scheduler.takeRateLimited();
  let buffered = 0;
  for (const system of systems) buffered += system.pending;
  const operations = buffered + assignments.length + rateLimited.length;
  const moreToAssign = assignments.length >= deps.maxBatchSize;
  if (operations === 0) {
    deps.deadlines.arm();
    return { ok: true, operations, again: false };
  }
  for (const system of systems) system.take();
  let tick: TickContext | undefined;
  let written: Awaited<ReturnType<typeof writeAssignments>>;
  try {
    written = await deps.db.transaction(async (tx) => {
      await deps.fence?.(tx);
      const dispatch = await writeAssignments(tx, assignments, now);
      await writeRateLimits(tx, scheduler.rateLimits.takeChanges(), rateLimited, now);
      if (buffered > 0) {
        tick = new TickContext(tx, now, deps.taskIds);
        for (const system of systems) await system.apply(tick);
        await tick.flush();
      }
      return dispatch;
    });
  } catch (error) {
    deps.onError(
      'engine: a tick failed; its callers get an error and its tasks stay queued',
      error,
    );
    unassign(scheduler, assignments, now);
    tick?.rollback();
    const failure = new EngineError('UNAVAILABLE', 'the engine could not store this change; retry');
    for (const system of systems) system.fail(failure);
    deps.deadlines.tickEnded();
    scheduler.refreshScheduleTimeoutBound();
    return { ok: false, operations, again: false };
  }
  dispatchAssignments(running, assignments, written, now);
  const changes = tick?.changes ?? new ChangeSet();
  for (const { item } of assignments) changes.add(item.tenantId, 'tasks', item.taskId);
  let again = moreToAssign;
  if (tick) {
    const { outcome } = tick;
    dispatchAssignments(
      running,
      outcome.assigned.map((a) => a.assignment),
      { rows: outcome.assigned.map((a) => a.row), parentResults: [] },
      now,
    );
    applyOutcome(deps, outcome);
    deps.activity.count(outcome.createdRuns, tick.events);
    if (outcome.finishedRuns.length > 0) deps.onRunsFinished?.(outcome.finishedRuns);
    for (const system of systems) system.settle();
    deps.deadlines.tickEnded();
    // Newly queued tasks, and queued ones that freed slots can take, go to the next tick.
    if (outcome.enqueued.length > 0 || (outcome.endedRuntimes.length > 0 && scheduler.size > 0)) {
      again = true;
    }
  }
  deps.deadlines.arm();
  deps.changes.publish(changes);
  return { ok: true, operations, again };
}

/** What memory learns after COMMIT, in an order that keeps it consistent. */
function applyOutcome(deps: TickDeps, outcome: TickOutcome): void {
  const { scheduler, running, workers, subscriptions } = deps;
  const now = deps.clock.now();
  for (const taskId of outcome.dequeued) scheduler.remove(taskId);
  // Before the attempts leave the running set: the cancel names their worker.
  for (const taskId of outcome.cancelOnWorker) {
    const attempt = running.get(taskId);
    if (attempt) workers.get(attempt.workerId)?.stream?.send(cancelAction(attempt));
  }
  for (const taskId of outcome.unstarted) scheduler.attemptUnstarted(taskId);
  for (const taskId of outcome.endedRuntimes) {
    running.drop(taskId);
    scheduler.attemptEnded(taskId);
    deps.durableLogs.forget(taskId);
  }
  for (const { taskId, at } of outcome.started) {
    const attempt = running.get(taskId);
    if (attempt) attempt.startedAt = at;
  }
  // Places runs held under concurrency keys are free before new arrivals are decided.
  for (const result of outcome.finishedRuns) scheduler.runFinished(result.runId);
  for (const item of outcome.enqueued) scheduler.enqueue(item, now);
  for (const result of outcome.finishedRuns) subscriptions.runFinished(result);
  for (const { tenantId, runId, id, event } of outcome.streamEvents) {
    subscriptions.streamEvent(tenantId, runId, id, event);
  }
}
