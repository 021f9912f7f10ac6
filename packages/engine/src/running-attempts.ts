/**
 * The running set in memory: every attempt assigned to a worker and not ended yet, as
 * task_runtimes holds it, with the slot it takes on its worker. Attempts join after the COMMIT
 * that assigned them and leave after the one that ended them (tick.ts applies the outcome).
 */
import type { Queryable } from '@trellis/db';
import type { ConcurrencyClaim } from './concurrency';
import { EngineError } from './errors';
import { listRuntimes } from './queries/task-runtime.queries';
import { findTaskByExternalId } from './queries/task.queries';
import type { TenantScope } from './tenant-scope';
import { assertUuid } from './validation';
import { releaseUnits, reserveUnits, type WorkerState } from './worker-pool';

export interface RunningAttempt {
  taskId: string;
  externalId: string;
  tenantId: string;
  runId: string;
  actionId: string;
  retryCount: number;
  workerId: string;
  slotType: string;
  slotUnits: number;
  assignedAt: number;
  startedAt: number | undefined;
  timeoutAt: number;
  /** A durable task's attempt (its actions carry the invocation count). */
  durable?: boolean | undefined;
  /** A batch member: its batch, whose members share one slot (batches.ts). */
  batch?: { id: string; key: string } | undefined;
}

interface RunningBatch {
  /** `tenant/action/key`: groupMaxRuns counts the batches running under it. */
  group: string;
  members: Set<RunningAttempt>;
}

/** A task's attempt for logs and stream events: the running one, else the last. */
export interface AttemptOfTask {
  taskId: string;
  runId: string;
  retryCount: number;
}

export class RunningAttempts {
  private readonly byTask = new Map<string, RunningAttempt>();
  private readonly byExternalId = new Map<string, string>();
  /** Runs with a task running, with how many: such a run is not final (subscribeToRun). */
  private readonly byRun = new Map<string, { tenantId: string; tasks: number }>();
  private readonly batches = new Map<string, RunningBatch>();
  /** Running batches per `tenant/action/key`. */
  private readonly batchesByGroup = new Map<string, number>();

  constructor(
    private readonly db: Queryable,
    private readonly worker: (workerId: string) => WorkerState | undefined,
  ) {}

  get size(): number {
    return this.byTask.size;
  }

  values(): IterableIterator<RunningAttempt> {
    return this.byTask.values();
  }

  get(taskId: string): RunningAttempt | undefined {
    return this.byTask.get(taskId);
  }

  /** How many batches of a key are running (the scheduler caps them at groupMaxRuns). */
  batchesRunning(tenantId: string, actionId: string, key: string): number {
    return this.batchesByGroup.get(`${tenantId}/${actionId}/${key}`) ?? 0;
  }

  /** Whether a run of this tenant has a task running (then it is not final). */
  hasRunning(tenantId: string, runId: string): boolean {
    return this.byRun.get(runId)?.tenantId === tenantId;
  }

  /** The slots held on a worker, for a worker known again after a restart. */
  *heldBy(workerId: string): Iterable<RunningAttempt> {
    for (const attempt of this.byTask.values()) if (attempt.workerId === workerId) yield attempt;
  }

  /**
   * Reads back the running set (Engine.start); returns the attempts with their tasks'
   * concurrency claims, which they hold again.
   */
  async recover(
    scope: TenantScope,
  ): Promise<(RunningAttempt & { claims: ConcurrencyClaim[] | null; priority: number })[]> {
    const recovered = [];
    for (const row of await listRuntimes(this.db, scope)) {
      this.add({
        taskId: row.taskId,
        externalId: row.externalId,
        tenantId: row.tenantId,
        runId: row.runId,
        actionId: row.actionId,
        retryCount: row.retryCount,
        workerId: row.workerId,
        slotType: row.slotType,
        slotUnits: row.slotUnits,
        assignedAt: row.assignedAt.getTime(),
        startedAt: row.startedAt?.getTime(),
        timeoutAt: row.timeoutAt.getTime(),
        ...(row.batchId ? { batch: { id: row.batchId, key: row.batchKey ?? '' } } : {}),
        ...(row.isDurable ? { durable: true } : {}),
      });
      recovered.push({
        ...this.byTask.get(row.taskId)!,
        claims: row.claims,
        priority: row.priority,
      });
    }
    return recovered;
  }

  /**
   * Registers a running attempt; its slot is reserved unless the scheduler already did. A batch
   * member joining a batch already running shares its slot, so it holds no units of its own.
   */
  add(attempt: RunningAttempt, { slotReserved = false } = {}): void {
    this.byTask.set(attempt.taskId, attempt);
    this.byExternalId.set(attempt.externalId, attempt.taskId);
    const run = this.byRun.get(attempt.runId);
    if (run) run.tasks += 1;
    else this.byRun.set(attempt.runId, { tenantId: attempt.tenantId, tasks: 1 });
    if (attempt.batch && this.joinBatch(attempt)) {
      attempt.slotUnits = 0;
      return;
    }
    const worker = this.worker(attempt.workerId);
    if (worker && !slotReserved) reserveUnits(worker, attempt.slotType, attempt.slotUnits);
  }

  /**
   * The attempt ended: it leaves the set and its slot is freed; a batch member holding its
   * batch's slot hands it to a member still running instead.
   */
  drop(taskId: string): void {
    const attempt = this.byTask.get(taskId);
    if (!attempt) return;
    this.byTask.delete(taskId);
    this.byExternalId.delete(attempt.externalId);
    const run = this.byRun.get(attempt.runId);
    if (run && --run.tasks === 0) this.byRun.delete(attempt.runId);
    const heir = attempt.batch && this.leaveBatch(attempt);
    if (heir) {
      heir.slotUnits += attempt.slotUnits;
      return;
    }
    const worker = this.worker(attempt.workerId);
    if (worker) releaseUnits(worker, attempt.slotType, attempt.slotUnits);
  }

  /** Adds a member to its batch; true if the batch was running already (its slot is held). */
  private joinBatch(attempt: RunningAttempt): boolean {
    const { id, key } = attempt.batch!;
    const batch = this.batches.get(id);
    if (batch) {
      batch.members.add(attempt);
      return true;
    }
    const group = `${attempt.tenantId}/${attempt.actionId}/${key}`;
    this.batches.set(id, { group, members: new Set([attempt]) });
    this.batchesByGroup.set(group, (this.batchesByGroup.get(group) ?? 0) + 1);
    return false;
  }

  /** Removes a member from its batch; returns a member still running, if any. */
  private leaveBatch(attempt: RunningAttempt): RunningAttempt | undefined {
    const batch = this.batches.get(attempt.batch!.id);
    if (!batch) return undefined;
    batch.members.delete(attempt);
    const [heir] = batch.members;
    if (heir) return heir;
    this.batches.delete(attempt.batch!.id);
    const left = (this.batchesByGroup.get(batch.group) ?? 1) - 1;
    if (left > 0) this.batchesByGroup.set(batch.group, left);
    else this.batchesByGroup.delete(batch.group);
    return undefined;
  }

  /** ReleaseSlot: the attempt keeps running without holding its worker's slot. */
  releaseSlot(attempt: RunningAttempt): void {
    const worker = this.worker(attempt.workerId);
    if (worker) releaseUnits(worker, attempt.slotType, attempt.slotUnits);
    attempt.slotUnits = 0;
  }

  /**
   * The live attempt of a task, or undefined when the attempt named has ended (a stale report).
   * Throws NOT_FOUND for a task that does not exist in this tenant.
   */
  async live(
    tenantId: string,
    taskExternalId: string,
    retryCount: number | undefined,
  ): Promise<RunningAttempt | undefined> {
    assertUuid(taskExternalId, 'task id');
    const attempt = this.running(tenantId, taskExternalId);
    if (attempt) {
      return retryCount === undefined || retryCount === attempt.retryCount ? attempt : undefined;
    }
    await this.findTask(tenantId, taskExternalId);
    return undefined;
  }

  /** A task's attempt for logs and stream events: the running one, else its last. */
  async ofTask(
    tenantId: string,
    taskExternalId: string,
    retryCount: number | undefined,
  ): Promise<AttemptOfTask> {
    assertUuid(taskExternalId, 'task id');
    const attempt = this.running(tenantId, taskExternalId);
    if (attempt) {
      return {
        taskId: attempt.taskId,
        runId: attempt.runId,
        retryCount: retryCount ?? attempt.retryCount,
      };
    }
    const task = await this.findTask(tenantId, taskExternalId);
    return { taskId: task.id, runId: task.runId, retryCount: retryCount ?? task.retryCount };
  }

  /** The running attempt of a task, if it has one, without asking the database. */
  running(tenantId: string, taskExternalId: string): RunningAttempt | undefined {
    const taskId = this.byExternalId.get(taskExternalId);
    const attempt = taskId === undefined ? undefined : this.byTask.get(taskId);
    return attempt?.tenantId === tenantId ? attempt : undefined;
  }

  private async findTask(tenantId: string, taskExternalId: string) {
    const task = await findTaskByExternalId(this.db, tenantId, taskExternalId);
    if (!task) throw new EngineError('NOT_FOUND', `task ${taskExternalId} does not exist`);
    return task;
  }
}
