/**
 * What the phases of one tick share: the transaction, the tick's time, the rows they append
 * together (task events, queue rows, and writes nothing later in the tick reads, all sent as
 * the tick's last statement), the runs whose tasks reached a final state (for run-progress),
 * and the outcome that memory learns after COMMIT.
 *
 * Memory changes only after COMMIT, from the outcome, with two exceptions made before it and
 * undone if the transaction fails: the assignments the tick starts with (tick.ts) and the
 * direct assignment of new runs (systems/trigger.ts), which register their undo here.
 */
import { taskIdOf, type Queryable } from '@trellis/db';
import type { TaskBatch } from '../batches';
import type { ConcurrencyClaim } from '../concurrency';
import { ChangeSet } from '../changes';
import type { Placement } from '../placement';
import type { RateLimitClaim } from '../rate-limits';
import { runWrites, type Write } from '../queries/combined-writes';
import { taskEventsInsert, type NewTaskEventRow } from '../queries/task-event.queries';
import { queueItemsInsert, type QueueItemRow } from '../queries/task-queue.queries';
import { tasksInsert, type NewTaskRow } from '../queries/task.queries';
import type { DispatchRow } from '../queries/attempt.queries';
import type { Assignment, ReadyItem } from '../scheduler';
import type { TaskIdPool } from '../task-ids';
import type { RunResult, StreamEvent, TaskResult } from '../types';

/** What the in-memory state must learn once the tick's transaction has committed. */
export interface TickOutcome {
  /** New queue rows: the scheduler takes them. */
  enqueued: ReadyItem[];
  /** New runs' root tasks assigned without being queued, with what their actions carry. */
  assigned: { assignment: Assignment; row: DispatchRow }[];
  /** Queue rows deleted (cancelled, timed out): the scheduler drops them. */
  dequeued: string[];
  /** Running attempts that ended: their slots are freed. */
  endedRuntimes: string[];
  /** Of those, the ones that never started (cancelled, replayed): their rate limit units return. */
  unstarted: string[];
  /** Ended attempts the worker must stop (cancel, timeout, replay). */
  cancelOnWorker: string[];
  started: { taskId: string; at: number }[];
  finishedRuns: (RunResult & { tenantId: string })[];
  /** Runs the tick created (counted for operators, activity.ts). */
  createdRuns: { tenantId: string }[];
  streamEvents: { tenantId: string; runId: string; id: string; event: StreamEvent }[];
}

/** What queueing a task needs of it. */
export interface QueueableTask {
  id: string;
  externalId: string;
  tenantId: string;
  runId: string;
  actionId: string;
  priority: number;
  slotType: string;
  slotUnits: number;
  scheduleTimeoutSeconds: number;
  /** The limits its attempts must pass (concurrency.ts); none for most tasks. */
  claims?: readonly ConcurrencyClaim[] | null | undefined;
  /** What its attempts spend of rate limits (rate-limits.ts). */
  rateLimitClaims?: readonly RateLimitClaim[] | null | undefined;
  /** Where its attempts should run (placement.ts). */
  placement?: Placement | null | undefined;
  /** The batch it starts in (batches.ts). */
  batch?: TaskBatch | null | undefined;
  /** A restored durable task, resuming work in progress: it goes ahead of new work. */
  resumed?: boolean | undefined;
  isDurable?: boolean | undefined;
}

/** The completed task of a standalone run, and when it ran. */
export interface SoleResult {
  task: TaskResult;
  startedAt: Date | null;
  finishedAt: Date;
}

/** An attempt as a map key. */
export function attemptId(op: { taskId: string; retryCount: number }): string {
  return `${op.taskId}/${op.retryCount}`;
}

/** Only what identifies an attempt, so statements do not carry whole operations. */
export function attemptKey(op: { taskId: string; retryCount: number }) {
  return { taskId: op.taskId, retryCount: op.retryCount };
}

export class TickContext {
  readonly outcome: TickOutcome = {
    enqueued: [],
    assigned: [],
    dequeued: [],
    endedRuntimes: [],
    unstarted: [],
    cancelOnWorker: [],
    started: [],
    finishedRuns: [],
    createdRuns: [],
    streamEvents: [],
  };
  readonly events: NewTaskEventRow[] = [];
  /** What live views hear of once the tick commits (changes.ts); task events add themselves. */
  readonly changes = new ChangeSet();
  /** Runs with a task that reached a final state: DAG progress and run completion. */
  readonly touchedRuns = new Map<string, string>();
  /** Touched runs whose task started in this tick too: they may still be QUEUED. */
  readonly startedRuns = new Set<string>();
  /**
   * Touched runs of a standalone task that completed in this tick, with its result and times:
   * they are finished without reading their tasks again. Any other touch of the run takes it out.
   */
  readonly soleResults = new Map<string, SoleResult>();
  /**
   * STARTED reports whose attempt also COMPLETED in this tick, by attempt: written with the
   * result (systems/result.ts) rather than on their own (systems/start.ts).
   */
  readonly startsWithResults = new Map<string, Date>();
  private readonly queueRows: QueueItemRow[] = [];
  private readonly ready: ReadyItem[] = [];
  private readonly writes: Write[] = [];
  private readonly undo: (() => void)[] = [];

  constructor(
    readonly tx: Queryable,
    /** The tick's time (epoch ms): when what it writes happened unless told otherwise. */
    readonly now: number,
    private readonly taskIds: TaskIdPool,
  ) {}

  /** A write nothing later in the tick reads: sent with the tick's last statement. */
  write(write: Write): void {
    this.writes.push(write);
  }

  /** A task event, at the tick's time unless it says when it happened. */
  event(event: NewTaskEventRow): void {
    this.events.push({ ...event, createdAt: event.createdAt ?? new Date(this.now) });
    this.changes.add(event.tenantId, 'tasks', event.taskId);
  }

  /** A task of this run reached a final state: the run's progress is worked out at the end. */
  touchRun(runId: string, tenantId: string): void {
    this.touchedRuns.set(runId, tenantId);
    this.soleResults.delete(runId);
  }

  /** Queues a new attempt of a task, ready now or (backoff) later. */
  queueTask(task: QueueableTask, retryCount: number, readyAt = this.now): void {
    this.enqueue(readyItem(task, retryCount, readyAt));
  }

  /** Queues a ready item: its queue row and QUEUED event are written, the scheduler takes it. */
  enqueue(item: ReadyItem): void {
    const readyAt = new Date(item.readyAt);
    this.queueRows.push({
      taskId: item.taskId,
      tenantId: item.tenantId,
      actionId: item.actionId,
      retryCount: item.retryCount,
      priority: item.priority,
      slotType: item.slotType,
      slotUnits: item.slotUnits,
      readyAt,
      scheduleTimeoutAt: new Date(item.scheduleTimeoutAt),
    });
    this.ready.push(item);
    this.event({
      tenantId: item.tenantId,
      taskId: item.taskId,
      retryCount: item.retryCount,
      eventType: 'QUEUED',
      ...(item.readyAt > this.now ? { data: { readyAt: readyAt.toISOString() } } : {}),
    });
  }

  /**
   * Gives new tasks ids in their runs' days (day-ids.ts) and writes them, created at the tick's time, with the last statement:
   * nothing in between reads tasks or runs this tick created. Returns the ids, in order.
   */
  async insertTasks(tasks: readonly NewTaskRow[]): Promise<string[]> {
    const seqs = await this.taskIds.take(this.tx, tasks.length);
    const ids = tasks.map((task, i) => taskIdOf(task.runId, seqs[i]!));
    const createdAt = new Date(this.now);
    this.write(tasksInsert(tasks.map((task, i) => ({ ...task, id: ids[i]!, createdAt }))));
    return ids;
  }

  /** Registers how to undo an in-memory change made before COMMIT, if the tick fails. */
  onRollback(undo: () => void): void {
    this.undo.push(undo);
  }

  /** Sends the tick's last statement: the writes, then queue rows, then task events. */
  async flush(): Promise<void> {
    const writes = [...this.writes];
    if (this.queueRows.length > 0) writes.push(queueItemsInsert(this.queueRows));
    if (this.events.length > 0) writes.push(taskEventsInsert(this.events));
    await runWrites(this.tx, writes);
    this.outcome.enqueued.push(...this.ready);
  }

  /** The transaction failed: undoes the in-memory changes made before COMMIT, newest first. */
  rollback(): void {
    for (const undo of this.undo.splice(0).reverse()) undo();
  }
}

export function readyItem(task: QueueableTask, retryCount: number, readyAt: number): ReadyItem {
  return {
    taskId: task.id,
    externalId: task.externalId,
    tenantId: task.tenantId,
    runId: task.runId,
    actionId: task.actionId,
    retryCount,
    priority: task.priority,
    slotType: task.slotType,
    slotUnits: task.slotUnits,
    readyAt,
    scheduleTimeoutAt: readyAt + task.scheduleTimeoutSeconds * 1000,
    ...(task.claims?.length ? { claims: task.claims } : {}),
    ...(task.rateLimitClaims?.length ? { rateLimits: task.rateLimitClaims } : {}),
    ...(task.placement ? { placement: task.placement } : {}),
    ...(task.batch ? { batch: task.batch } : {}),
    ...(task.resumed ? { resumed: true } : {}),
    ...(task.isDurable ? { durable: true } : {}),
  };
}
