/**
 * The engine facade: the one object the transports (gRPC now, REST later) call. It owns the
 * in-memory scheduling state of every tenant in this database (README: ownership), buffers
 * state changes and writes them per tick in one transaction (apply-batch.ts), assigns ready
 * tasks to workers' free slots in memory, and keeps timers only for known deadlines.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '@trellis/db';
import { applyBatch, type BatchMemo, type BatchOutcome } from './apply-batch';
import { cancelAction, startAction } from './assigned-actions';
import { Batch, Deferred, type AttemptRef, type ResolvedTrigger } from './batch';
import { EngineError } from './errors';
import { describeFailure } from './failure-payload';
import { findRun } from './queries/run.queries';
import { listTaskEvents } from './queries/task-event.queries';
import { listTaskLogs, type TaskLogRow } from './queries/task-log.queries';
import { listQueueItems, restartScheduleWindows } from './queries/task-queue.queries';
import {
  listRuntimes,
  releaseRuntimeSlot,
  updateRuntimeTimeout,
} from './queries/task-runtime.queries';
import { listRunStreamEvents } from './queries/task-stream-event.queries';
import { findTaskByExternalId, listRunTasks } from './queries/task.queries';
import {
  findLatestVersionChecksum,
  insertSteps,
  insertVersion,
  listPausedActions,
  listWorkflowActions,
  softDeleteWorkflow,
  updateWorkflowPaused,
  upsertWorkflow,
} from './queries/workflow.queries';
import {
  findWorker,
  insertWorker,
  listActiveWorkers,
  setWorkerPaused,
  updateWorkerLabels,
  type WorkerRow,
} from './queries/worker.queries';
import { Scheduler, type Assignment, type ReadyItem } from './scheduler';
import { TaskIdPool } from './task-ids';
import type { RunStatus } from './task-lifecycle';
import {
  systemClock,
  type Clock,
  type LogLine,
  type PushedEvent,
  type RunDetails,
  type RunResult,
  type RunStreamListener,
  type StreamChunk,
  type TaskEventReport,
  type TaskTimelineEvent,
  type TriggerRequest,
  type WorkerRegistration,
} from './types';
import { VersionCache } from './version-cache';
import { writeAssignments, type Dispatch } from './write-assignments';
import {
  definitionChecksum,
  normaliseWorkflow,
  type WorkflowDefinitionInput,
} from './workflow-definition';
import { releaseUnits, reserveUnits, type WorkerState, type WorkerStream } from './worker-pool';

export interface EngineOptions {
  db: Database;
  clock?: Clock;
  /** A worker without a heartbeat for this long gets no new work (SDK beats every 4 s). */
  workerInactiveAfterMs?: number;
  /** A worker without a heartbeat for this long loses its running tasks to other workers. */
  reassignAfterMs?: number;
  /** An assignment never STARTED within this long is re-queued (covers a crash before send). */
  startGraceMs?: number;
  /** How long an idle engine gathers work before its first tick. */
  batchWindowMs?: number;
  /**
   * Under load, the least time between the starts of two ticks: work arriving meanwhile waits
   * and shares the next transaction. Bounds the transactions per second, not the latency of an
   * idle engine. The default trades latency for cost: at 300 tasks/s on PGlite, 30 ms instead
   * of 20 took about a tenth less CPU per task for a p99 trigger→start of 43–51 ms instead of
   * 37 (bench/results/2026-11-22-1446-engine-notes.md).
   */
  minTickIntervalMs?: number;
  /** Most items written per statement batch (triggers, assignments). */
  maxBatchSize?: number;
  /** Largest JSON input, output or metadata accepted, in bytes. */
  maxPayloadBytes?: number;
  /** Where background failures go (a failed tick is retried). */
  onError?: (message: string, error: unknown) => void;
}

export const ENGINE_DEFAULTS = {
  workerInactiveAfterMs: 10_000,
  reassignAfterMs: 30_000,
  startGraceMs: 30_000,
  batchWindowMs: 2,
  minTickIntervalMs: 30,
  maxBatchSize: 500,
  maxPayloadBytes: 4 * 1024 * 1024,
} as const;

/** Heartbeats are kept in memory and written at most this often (the dashboard's "last seen"). */
const HEARTBEAT_PERSIST_INTERVAL_MS = 30_000;
/**
 * A tick that carried fewer operations than this (assignments plus buffered calls) does not
 * count as load: the next one may follow at once. One run triggered and awaited alone thus
 * goes trigger (with its assignment), start and result without waiting out minTickIntervalMs
 * between them, while at a few hundred tasks per second every tick carries more and they
 * space out.
 */
const BUSY_TICK_OPERATIONS = 8;
/** After a failed tick, wait this long before trying again. */
const TICK_RETRY_DELAY_MS = 500;

interface RuntimeState {
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
}

interface RunSubscriber {
  tenantId: string;
  deliver(result: RunResult): void;
}

interface StreamSubscriber {
  tenantId: string;
  listener: RunStreamListener;
  /** Live events that arrived while stored ones were being read. */
  buffer: { id: string; event: Parameters<RunStreamListener['onStreamEvent']>[0] }[] | undefined;
  lastId: bigint;
  /** The run finished while stored events were being read. */
  finishedWhileBuffering: RunStatus | undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function assertUuid(value: string, what: string): void {
  if (!UUID.test(value))
    throw new EngineError('INVALID_ARGUMENT', `${what} "${value}" is not a UUID`);
}

export class Engine {
  private readonly db: Database;
  private readonly clock: Clock;
  private readonly options: Required<Omit<EngineOptions, 'db' | 'clock' | 'onError'>>;
  private readonly onError: (message: string, error: unknown) => void;
  private readonly scheduler = new Scheduler();
  private readonly workers = new Map<string, WorkerState>();
  private readonly runtimes = new Map<string, RuntimeState>();
  private readonly runtimeByExternalId = new Map<string, string>();
  /** Runs with a task running, with how many: such a run is not final (subscribeToRun). */
  private readonly runningByRun = new Map<string, { tenantId: string; tasks: number }>();
  private readonly versions = new VersionCache();
  private readonly batchMemo: BatchMemo = { onFailureSteps: new Map(), soleSteps: new Map() };
  private readonly taskIds = new TaskIdPool();
  private readonly runSubscribers = new Map<string, Set<RunSubscriber>>();
  private readonly streamSubscribers = new Map<string, Set<StreamSubscriber>>();
  /** Deadline actions already buffered, so a scan does not buffer them twice. */
  private readonly pendingDeadlines = new Set<string>();
  private batch = new Batch();
  private startedAt = 0;
  /** When the last tick started (epoch ms), for minTickIntervalMs. */
  private lastTickAt = 0;
  /** Whether the last tick carried enough work to count as load (BUSY_TICK_OPERATIONS). */
  private lastTickBusy = false;
  private running = false;
  private dirty = false;
  private closed = false;
  private loop: Promise<void> = Promise.resolve();
  private wakeTimer: NodeJS.Timeout | undefined;
  private deadlineTimer: NodeJS.Timeout | undefined;
  private deadlineAt: number | undefined;

  constructor(options: EngineOptions) {
    this.db = options.db;
    this.clock = options.clock ?? systemClock;
    this.onError = options.onError ?? ((message, error) => console.error(message, error));
    this.options = {
      workerInactiveAfterMs: options.workerInactiveAfterMs ?? ENGINE_DEFAULTS.workerInactiveAfterMs,
      reassignAfterMs: options.reassignAfterMs ?? ENGINE_DEFAULTS.reassignAfterMs,
      startGraceMs: options.startGraceMs ?? ENGINE_DEFAULTS.startGraceMs,
      batchWindowMs: options.batchWindowMs ?? ENGINE_DEFAULTS.batchWindowMs,
      minTickIntervalMs: options.minTickIntervalMs ?? ENGINE_DEFAULTS.minTickIntervalMs,
      maxBatchSize: options.maxBatchSize ?? ENGINE_DEFAULTS.maxBatchSize,
      maxPayloadBytes: options.maxPayloadBytes ?? ENGINE_DEFAULTS.maxPayloadBytes,
    };
  }

  // ------------------------------------------------------------------------------------------
  // Life cycle
  // ------------------------------------------------------------------------------------------

  /**
   * Recovers the queue, the running set and the workers from the tables. Workers that were
   * active may reconnect with their ids; until they do, their heartbeat clock starts now.
   */
  async start(): Promise<void> {
    const now = this.clock.now();
    this.startedAt = now;
    for (const row of await listActiveWorkers(this.db)) this.addWorker(row, now);
    for (const { tenantId, actionId } of await listPausedActions(this.db)) {
      this.scheduler.setActionsPaused(tenantId, [actionId], true);
    }
    for (const row of await listQueueItems(this.db)) {
      this.scheduler.enqueue(
        {
          ...row,
          readyAt: row.readyAt.getTime(),
          scheduleTimeoutAt: row.scheduleTimeoutAt.getTime(),
        },
        now,
      );
    }
    for (const row of await listRuntimes(this.db)) {
      this.addRuntime({
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
      });
    }
    this.armDeadlines();
    this.wake();
  }

  /** Stops taking work, writes what is buffered, and closes the worker streams. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.deadlineTimer);
    clearTimeout(this.wakeTimer);
    this.dirty = true;
    await this.runLoop();
    for (const worker of this.workers.values()) worker.stream?.close();
    // Subscribers' streams end with the transport; their runs did not finish.
    this.streamSubscribers.clear();
    this.runSubscribers.clear();
  }

  private assertOpen(): void {
    if (this.closed) throw new EngineError('UNAVAILABLE', 'the engine is shutting down');
  }

  // ------------------------------------------------------------------------------------------
  // Workflows and runs
  // ------------------------------------------------------------------------------------------

  /** Stores a workflow version; a new one only when the definition changed. */
  async putWorkflow(
    tenantId: string,
    input: WorkflowDefinitionInput,
  ): Promise<{ workflowId: string; versionId: string }> {
    this.assertOpen();
    const definition = normaliseWorkflow(input);
    const checksum = definitionChecksum(definition);
    const write = () =>
      this.db.transaction(async (tx) => {
        const workflowId = await upsertWorkflow(
          tx,
          tenantId,
          definition.name,
          definition.description,
        );
        const latest = await findLatestVersionChecksum(tx, tenantId, workflowId);
        if (latest?.checksum === checksum) return { workflowId, versionId: latest.id };
        const versionId = await insertVersion(tx, tenantId, workflowId, checksum, definition);
        await insertSteps(tx, tenantId, versionId, definition.steps);
        return { workflowId, versionId };
      });
    let result: { workflowId: string; versionId: string };
    try {
      result = await write();
    } catch (error) {
      // Two workers registering the same workflow at once: the loser sees the winner's row.
      if ((error as { code?: string }).code !== '23505') throw error;
      result = await write();
    }
    this.versions.invalidate(tenantId, definition.name);
    return result;
  }

  /**
   * Deletes a workflow: new runs of it are refused, while its past runs stay readable and the
   * ones in flight finish. A worker registering it again creates it anew. False when unknown.
   */
  async deleteWorkflow(tenantId: string, workflowId: string): Promise<boolean> {
    this.assertOpen();
    assertUuid(workflowId, 'workflow id');
    const name = await softDeleteWorkflow(this.db, tenantId, workflowId);
    if (name === undefined) return false;
    this.versions.invalidate(tenantId, name);
    return true;
  }

  /**
   * Pauses or unpauses a workflow. While paused its runs are accepted and queued, but no task
   * of it is assigned and none times out waiting; on unpause their schedule window restarts.
   * False when the workflow does not exist.
   */
  async setWorkflowPaused(
    tenantId: string,
    workflowId: string,
    isPaused: boolean,
  ): Promise<boolean> {
    this.assertOpen();
    assertUuid(workflowId, 'workflow id');
    const actions = await this.db.transaction(async (tx) => {
      if (!(await updateWorkflowPaused(tx, tenantId, workflowId, isPaused))) return undefined;
      const actionIds = await listWorkflowActions(tx, tenantId, workflowId);
      if (!isPaused) await restartScheduleWindows(tx, tenantId, actionIds);
      return actionIds;
    });
    if (!actions) return false;
    this.scheduler.setActionsPaused(tenantId, actions, isPaused);
    if (!isPaused) {
      this.scheduler.restartScheduleWindows(tenantId, actions, this.clock.now());
      this.wake();
    }
    this.armDeadlines();
    return true;
  }

  /** Creates runs; resolves with their ids, in order, once they are committed. */
  async trigger(tenantId: string, requests: readonly TriggerRequest[]): Promise<string[]> {
    this.assertOpen();
    if (requests.length === 0) return [];
    const triggers: ResolvedTrigger[] = [];
    for (const request of requests) {
      const name = request.workflowName.toLowerCase();
      const version = await this.versions.get(this.db, tenantId, name);
      if (!version) throw new EngineError('NOT_FOUND', `workflow "${name}" does not exist`);
      if (request.parentTaskExternalId) assertUuid(request.parentTaskExternalId, 'parent task id');
      // The parent run id is informational (dedup keys on the parent task); drop a bad one.
      const parentRunId =
        request.parentRunId && UUID.test(request.parentRunId) ? request.parentRunId : null;
      this.assertSize(request.input ?? {}, 'input');
      this.assertSize(request.additionalMetadata ?? {}, 'additional metadata');
      triggers.push({
        tenantId,
        version,
        input: request.input ?? {},
        additionalMetadata: request.additionalMetadata ?? {},
        priority: request.priority ?? version.defaultPriority,
        parentTaskExternalId: request.parentTaskExternalId ?? null,
        parentRunId: request.parentTaskExternalId ? parentRunId : null,
        childIndex: request.parentTaskExternalId ? (request.childIndex ?? null) : null,
        childKey: request.parentTaskExternalId ? (request.childKey ?? null) : null,
      });
    }
    const done = new Deferred<string[]>();
    this.batch.triggers.push({ triggers, done });
    this.wake();
    return done.promise;
  }

  /** Cancels tasks, by task external id or run id; resolves with the cancelled task ids. */
  cancel(tenantId: string, ids: readonly string[]): Promise<string[]> {
    return this.idsOp('cancels', tenantId, ids);
  }

  /** Re-runs finished tasks (and their downstream DAG tasks); by task or run id. */
  replay(tenantId: string, ids: readonly string[]): Promise<string[]> {
    return this.idsOp('replays', tenantId, ids);
  }

  private idsOp(
    kind: 'cancels' | 'replays',
    tenantId: string,
    ids: readonly string[],
  ): Promise<string[]> {
    this.assertOpen();
    for (const id of ids) assertUuid(id, 'id');
    if (ids.length === 0) return Promise.resolve([]);
    const done = new Deferred<string[]>();
    this.batch[kind].push({ tenantId, ids: [...ids], done });
    this.wake();
    return done.promise;
  }

  async getRunDetails(tenantId: string, runId: string): Promise<RunDetails> {
    assertUuid(runId, 'run id');
    const run = await findRun(this.db, tenantId, runId);
    if (!run) throw new EngineError('NOT_FOUND', `run ${runId} does not exist`);
    const tasks = await listRunTasks(this.db, [{ tenantId, runId }]);
    return {
      runId,
      workflowName: run.workflowName,
      status: run.status,
      input: run.input,
      additionalMetadata: run.additionalMetadata,
      createdAt: run.createdAt,
      startedAt: run.startedAt,
      finishedAt: run.finishedAt,
      tasks: tasks.map((t) => ({
        externalId: t.externalId,
        readableId: t.readableId,
        status: t.status,
        output: t.output,
        error: t.error,
        retryCount: t.retryCount,
        createdAt: t.createdAt,
        startedAt: t.startedAt,
        finishedAt: t.finishedAt,
      })),
    };
  }

  /**
   * Calls `onResult` once, when the run is final: at once if it already is. Returns the
   * unsubscribe function.
   */
  async subscribeToRun(
    tenantId: string,
    runId: string,
    onResult: (result: RunResult) => void,
  ): Promise<() => void> {
    this.assertOpen();
    assertUuid(runId, 'run id');
    let delivered = false;
    const subscriber: RunSubscriber = {
      tenantId,
      deliver: (result) => {
        if (delivered) return;
        delivered = true;
        unsubscribe();
        onResult(result);
      },
    };
    const subs = this.runSubscribers.get(runId) ?? new Set();
    subs.add(subscriber);
    this.runSubscribers.set(runId, subs);
    const unsubscribe = () => {
      subs.delete(subscriber);
      if (subs.size === 0 && this.runSubscribers.get(runId) === subs)
        this.runSubscribers.delete(runId);
    };
    // A run with a task running is not final, and its end reaches this subscriber when it comes
    // (applyOutcome): only other runs need their state read.
    if (this.runningByRun.get(runId)?.tenantId === tenantId) return unsubscribe;
    const done = new Deferred<RunResult | null>();
    this.batch.runChecks.push({ tenantId, runId, done });
    this.wake();
    let finished: RunResult | null;
    try {
      finished = await done.promise;
    } catch (error) {
      unsubscribe();
      throw error;
    }
    if (finished) subscriber.deliver(finished);
    return unsubscribe;
  }

  // ------------------------------------------------------------------------------------------
  // Workers
  // ------------------------------------------------------------------------------------------

  async registerWorker(tenantId: string, registration: WorkerRegistration): Promise<string> {
    this.assertOpen();
    const id = randomUUID();
    const row = {
      id,
      tenantId,
      name: registration.name,
      actions: registration.actions.map((a) => a.toLowerCase()),
      slotConfig: Object.fromEntries(
        Object.entries(registration.slotConfig).filter(([, units]) => units > 0),
      ),
      labels: registration.labels ?? {},
      runtimeInfo: registration.runtimeInfo ?? null,
    };
    await insertWorker(this.db, row);
    this.addWorker(
      { ...row, status: 'ACTIVE', isPaused: false, lastHeartbeatAt: new Date(this.clock.now()) },
      this.clock.now(),
    );
    return id;
  }

  /**
   * Attaches the stream the worker listens on (a reconnect replaces the old one). Returns the
   * function that detaches it when the transport sees the stream end.
   */
  async attachWorkerStream(
    tenantId: string,
    workerId: string,
    stream: WorkerStream,
  ): Promise<() => void> {
    this.assertOpen();
    const worker = await this.loadWorker(tenantId, workerId);
    const previous = worker.stream;
    worker.stream = stream;
    if (previous && previous !== stream) previous.close();
    this.touchWorker(worker);
    this.wake();
    return () => {
      if (worker.stream === stream) worker.stream = undefined;
    };
  }

  async heartbeat(tenantId: string, workerId: string): Promise<void> {
    this.assertOpen();
    const worker = await this.loadWorker(tenantId, workerId);
    this.touchWorker(worker);
  }

  /** The worker is shutting down: no new work; its running tasks may still report. */
  async unsubscribeWorker(tenantId: string, workerId: string): Promise<void> {
    const worker = await this.loadWorker(tenantId, workerId);
    worker.status = 'INACTIVE';
    worker.stream?.close();
    worker.stream = undefined;
    this.queueWorkerState(worker);
  }

  async upsertWorkerLabels(
    tenantId: string,
    workerId: string,
    labels: Record<string, string | number>,
  ): Promise<void> {
    const worker = await this.loadWorker(tenantId, workerId);
    worker.labels = { ...worker.labels, ...labels };
    await updateWorkerLabels(this.db, tenantId, workerId, worker.labels);
  }

  /** A paused worker keeps its running tasks but gets no new work. */
  async setWorkerPaused(tenantId: string, workerId: string, isPaused: boolean): Promise<void> {
    const worker = await this.loadWorker(tenantId, workerId);
    await setWorkerPaused(this.db, tenantId, workerId, isPaused);
    worker.isPaused = isPaused;
    this.wake();
  }

  private async loadWorker(tenantId: string, workerId: string): Promise<WorkerState> {
    const known = this.workers.get(workerId);
    if (known && known.tenantId === tenantId) return known;
    if (!known && UUID.test(workerId)) {
      const row = await findWorker(this.db, tenantId, workerId);
      if (row) return this.addWorker(row, this.clock.now());
    }
    throw new EngineError('NOT_FOUND', `worker ${workerId} is not registered`);
  }

  private addWorker(row: WorkerRow, now: number): WorkerState {
    const worker: WorkerState = {
      id: row.id,
      tenantId: row.tenantId,
      name: row.name,
      actions: new Set(row.actions),
      slotConfig: row.slotConfig,
      used: new Map(),
      labels: row.labels,
      status: row.status,
      isPaused: row.isPaused,
      lastHeartbeatAt: now,
      persistedHeartbeatAt: row.lastHeartbeatAt.getTime(),
      stream: undefined,
      lastAssignedSeq: 0,
    };
    for (const runtime of this.runtimes.values()) {
      if (runtime.workerId === row.id) reserveUnits(worker, runtime.slotType, runtime.slotUnits);
    }
    this.workers.set(row.id, worker);
    return worker;
  }

  /** A sign of life: heartbeat or a new stream. */
  private touchWorker(worker: WorkerState): void {
    const now = this.clock.now();
    worker.lastHeartbeatAt = now;
    if (worker.status !== 'ACTIVE') {
      worker.status = 'ACTIVE';
      this.queueWorkerState(worker);
      this.wake();
    } else if (now - worker.persistedHeartbeatAt >= HEARTBEAT_PERSIST_INTERVAL_MS) {
      this.queueWorkerState(worker);
    }
    this.armDeadlines();
  }

  private queueWorkerState(worker: WorkerState): void {
    worker.persistedHeartbeatAt = worker.lastHeartbeatAt;
    this.batch.workerStates.set(worker.id, {
      tenantId: worker.tenantId,
      workerId: worker.id,
      status: worker.status,
      lastHeartbeatAt: new Date(worker.lastHeartbeatAt),
    });
    this.wake();
  }

  // ------------------------------------------------------------------------------------------
  // What workers report
  // ------------------------------------------------------------------------------------------

  /**
   * STARTED, COMPLETED or FAILED from the worker running the attempt; resolves once it is
   * committed. A report for an attempt that already ended is ignored (never recorded twice).
   */
  async reportTaskEvent(tenantId: string, report: TaskEventReport): Promise<void> {
    this.assertOpen();
    const runtime = await this.liveAttempt(tenantId, report.taskExternalId, report.retryCount);
    if (!runtime) return;
    const worker = this.workers.get(runtime.workerId);
    if (report.workerId !== runtime.workerId && report.workerId !== worker?.name) {
      throw new EngineError(
        'FAILED_PRECONDITION',
        `worker "${report.workerId}" does not hold task ${report.taskExternalId}`,
      );
    }
    const attempt: AttemptRef = {
      tenantId,
      taskId: runtime.taskId,
      retryCount: runtime.retryCount,
    };
    if (report.kind === 'STARTED') {
      const done = new Deferred<void>();
      this.batch.starts.push({
        ...attempt,
        startedAt: report.at ?? new Date(this.clock.now()),
        done,
      });
      this.wake();
      return done.promise;
    }
    this.assertPayloadSize(report.payload, 'event payload');
    let parsed: unknown;
    try {
      parsed = report.payload === '' ? null : JSON.parse(report.payload);
    } catch {
      throw new EngineError(
        'INVALID_ARGUMENT',
        `the ${report.kind === 'COMPLETED' ? 'output' : 'error'} of task ${report.taskExternalId} is not valid JSON`,
      );
    }
    const done = new Deferred<void>();
    if (report.kind === 'COMPLETED') {
      this.batch.results.push({
        ...attempt,
        kind: 'COMPLETED',
        output: parsed ?? null,
        error: '',
        errorData: null,
        retryable: false,
        done,
      });
    } else {
      const { message, data } = describeFailure(parsed, report.payload);
      this.batch.results.push({
        ...attempt,
        kind: 'FAILED',
        output: null,
        error: message,
        errorData: data,
        retryable: !report.shouldNotRetry,
        done,
      });
    }
    this.wake();
    return done.promise;
  }

  /** Extends a running attempt's execution timeout to now + `incrementMs`. */
  async refreshTimeout(
    tenantId: string,
    taskExternalId: string,
    incrementMs: number,
  ): Promise<Date> {
    this.assertOpen();
    const runtime = await this.liveAttempt(tenantId, taskExternalId, undefined);
    if (!runtime) {
      throw new EngineError('FAILED_PRECONDITION', `task ${taskExternalId} is not running`);
    }
    const timeoutAt = this.clock.now() + incrementMs;
    await updateRuntimeTimeout(
      this.db,
      tenantId,
      runtime.taskId,
      runtime.retryCount,
      new Date(timeoutAt),
    );
    runtime.timeoutAt = timeoutAt;
    this.armDeadlines();
    return new Date(timeoutAt);
  }

  /** The attempt keeps running but frees its worker's slot for other work. */
  async releaseSlot(tenantId: string, taskExternalId: string): Promise<void> {
    this.assertOpen();
    const runtime = await this.liveAttempt(tenantId, taskExternalId, undefined);
    if (!runtime || runtime.slotUnits === 0) return;
    await releaseRuntimeSlot(this.db, tenantId, runtime.taskId, runtime.retryCount);
    const worker = this.workers.get(runtime.workerId);
    if (worker) releaseUnits(worker, runtime.slotType, runtime.slotUnits);
    runtime.slotUnits = 0;
    this.wake();
  }

  /**
   * The live attempt of a task, or undefined when the attempt named has ended (stale report).
   * Throws NOT_FOUND for a task that does not exist in this tenant.
   */
  private async liveAttempt(
    tenantId: string,
    taskExternalId: string,
    retryCount: number | undefined,
  ): Promise<RuntimeState | undefined> {
    assertUuid(taskExternalId, 'task id');
    const taskId = this.runtimeByExternalId.get(taskExternalId);
    const runtime = taskId === undefined ? undefined : this.runtimes.get(taskId);
    if (runtime && runtime.tenantId === tenantId) {
      return retryCount === undefined || retryCount === runtime.retryCount ? runtime : undefined;
    }
    const task = await findTaskByExternalId(this.db, tenantId, taskExternalId);
    if (!task) throw new EngineError('NOT_FOUND', `task ${taskExternalId} does not exist`);
    return undefined;
  }

  /** Resolves a task for logs and stream events: the live attempt, else the last one. */
  private async taskAttempt(
    tenantId: string,
    taskExternalId: string,
    retryCount: number | undefined,
  ): Promise<{ taskId: string; runId: string; retryCount: number }> {
    assertUuid(taskExternalId, 'task id');
    const taskId = this.runtimeByExternalId.get(taskExternalId);
    const runtime = taskId === undefined ? undefined : this.runtimes.get(taskId);
    if (runtime && runtime.tenantId === tenantId) {
      return {
        taskId: runtime.taskId,
        runId: runtime.runId,
        retryCount: retryCount ?? runtime.retryCount,
      };
    }
    const task = await findTaskByExternalId(this.db, tenantId, taskExternalId);
    if (!task) throw new EngineError('NOT_FOUND', `task ${taskExternalId} does not exist`);
    return { taskId: task.id, runId: task.runId, retryCount: retryCount ?? task.retryCount };
  }

  async putLog(tenantId: string, line: LogLine): Promise<void> {
    this.assertOpen();
    const attempt = await this.taskAttempt(tenantId, line.taskExternalId, line.retryCount);
    this.assertPayloadSize(line.message, 'log message');
    const done = new Deferred<void>();
    this.batch.logs.push({
      tenantId,
      taskId: attempt.taskId,
      retryCount: attempt.retryCount,
      createdAt: line.createdAt ?? new Date(this.clock.now()),
      level: line.level ?? null,
      message: line.message,
      metadata: line.metadata ?? null,
      done,
    });
    this.wake();
    return done.promise;
  }

  async listTaskLogs(
    tenantId: string,
    taskExternalId: string,
    limit = 1000,
  ): Promise<TaskLogRow[]> {
    const attempt = await this.taskAttempt(tenantId, taskExternalId, undefined);
    return listTaskLogs(this.db, tenantId, attempt.taskId, limit);
  }

  async listTaskEvents(tenantId: string, taskExternalId: string): Promise<TaskTimelineEvent[]> {
    const attempt = await this.taskAttempt(tenantId, taskExternalId, undefined);
    return (await listTaskEvents(this.db, tenantId, attempt.taskId)).map((e) => ({
      retryCount: e.retryCount,
      eventType: e.eventType,
      createdAt: e.createdAt,
      workerId: e.workerId,
      message: e.message,
    }));
  }

  async putStreamEvent(tenantId: string, chunk: StreamChunk): Promise<void> {
    this.assertOpen();
    const attempt = await this.taskAttempt(tenantId, chunk.taskExternalId, chunk.retryCount);
    if (chunk.message.byteLength > this.options.maxPayloadBytes) {
      throw new EngineError('RESOURCE_EXHAUSTED', 'the stream event is larger than allowed');
    }
    const done = new Deferred<void>();
    this.batch.streams.push({
      tenantId,
      taskId: attempt.taskId,
      runId: attempt.runId,
      retryCount: attempt.retryCount,
      taskExternalId: chunk.taskExternalId,
      createdAt: chunk.createdAt ?? new Date(this.clock.now()),
      message: chunk.message,
      eventIndex: chunk.eventIndex ?? null,
      metadata: chunk.metadata ?? null,
      done,
    });
    this.wake();
    return done.promise;
  }

  /**
   * Streams a run's stream events: those stored so far, then live ones, then onFinished when
   * the run is final. Returns the unsubscribe function.
   */
  async subscribeToRunStream(
    tenantId: string,
    runId: string,
    listener: RunStreamListener,
  ): Promise<() => void> {
    assertUuid(runId, 'run id');
    const subscriber: StreamSubscriber = {
      tenantId,
      listener,
      buffer: [],
      lastId: 0n,
      finishedWhileBuffering: undefined,
    };
    const subs = this.streamSubscribers.get(runId) ?? new Set();
    subs.add(subscriber);
    this.streamSubscribers.set(runId, subs);
    const unsubscribe = () => {
      subs.delete(subscriber);
      if (subs.size === 0 && this.streamSubscribers.get(runId) === subs) {
        this.streamSubscribers.delete(runId);
      }
    };
    const run = await findRun(this.db, tenantId, runId);
    if (!run) {
      unsubscribe();
      throw new EngineError('NOT_FOUND', `run ${runId} does not exist`);
    }
    for (const stored of await listRunStreamEvents(this.db, tenantId, runId)) {
      subscriber.lastId = BigInt(stored.id);
      listener.onStreamEvent(stored);
    }
    const buffered = subscriber.buffer ?? [];
    subscriber.buffer = undefined;
    for (const { id, event } of buffered) {
      if (BigInt(id) > subscriber.lastId) listener.onStreamEvent(event);
    }
    const finished = subscriber.finishedWhileBuffering ?? (run.finishedAt ? run.status : undefined);
    if (finished && subs.has(subscriber)) {
      unsubscribe();
      listener.onFinished(finished);
    }
    return unsubscribe;
  }

  /** Stores pushed events (workflows triggered by events arrive with a later issue). */
  async pushEvents(tenantId: string, events: readonly PushedEvent[]): Promise<string[]> {
    this.assertOpen();
    const withIds = events.map((e) => {
      this.assertSize(e.payload, 'event payload');
      return { ...e, id: randomUUID() };
    });
    const done = new Deferred<void>();
    this.batch.events.push({ tenantId, events: withIds, done });
    this.wake();
    await done.promise;
    return withIds.map((e) => e.id);
  }

  private assertSize(value: unknown, what: string): void {
    this.assertPayloadSize(JSON.stringify(value) ?? '', what);
  }

  private assertPayloadSize(text: string, what: string): void {
    if (Buffer.byteLength(text) > this.options.maxPayloadBytes) {
      throw new EngineError(
        'RESOURCE_EXHAUSTED',
        `the ${what} is larger than ${this.options.maxPayloadBytes} bytes`,
      );
    }
  }

  // ------------------------------------------------------------------------------------------
  // The tick: write the batch, update memory, assign, dispatch
  // ------------------------------------------------------------------------------------------

  /**
   * Asks for a tick. An idle or lightly loaded engine ticks at once (after batchWindowMs); a
   * busy one (BUSY_TICK_OPERATIONS) starts a tick at most every minTickIntervalMs, so that
   * under load each transaction carries the work of many tasks instead of one.
   */
  private wake(): void {
    this.dirty = true;
    if (this.running || this.wakeTimer) return;
    this.wakeTimer = setTimeout(
      () => {
        this.wakeTimer = undefined;
        void this.runLoop();
      },
      Math.max(this.options.batchWindowMs, this.untilNextTick()),
    );
  }

  /** How long the next tick must wait: what is left of the interval after a busy tick. */
  private untilNextTick(): number {
    if (!this.lastTickBusy) return 0;
    return Math.max(0, this.lastTickAt + this.options.minTickIntervalMs - this.clock.now());
  }

  private runLoop(): Promise<void> {
    if (this.running) return this.loop;
    this.running = true;
    this.loop = (async () => {
      try {
        while (this.dirty) {
          this.dirty = false;
          this.lastTickAt = this.clock.now();
          const ok = await this.tick();
          if (!ok) {
            if (this.closed) break;
            await new Promise((resolve) => setTimeout(resolve, TICK_RETRY_DELAY_MS));
            this.dirty = true;
          }
          // Under load, work that arrived during the tick waits out the interval (see wake).
          const wait = this.dirty && !this.closed ? this.untilNextTick() : 0;
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        }
      } finally {
        this.running = false;
      }
    })();
    return this.loop;
  }

  /**
   * One transaction: the assignments decided in memory from what is queued now (queue rows
   * out, runtimes and ASSIGNED events in), then everything buffered since the last tick. After
   * COMMIT the actions are sent and memory learns the outcome; if the write fails, the
   * assignments are undone and the buffered callers get an error.
   */
  private async tick(): Promise<boolean> {
    const now = this.clock.now();
    this.scheduler.promoteDue(now);
    const assignments = this.closed
      ? []
      : this.scheduler.assign(this.workers.values(), this.options.maxBatchSize);
    const batch = this.batch;
    this.batch = new Batch();
    this.lastTickBusy = batch.size + assignments.length >= BUSY_TICK_OPERATIONS;
    if (batch.isEmpty && assignments.length === 0) {
      this.armDeadlines();
      return true;
    }
    /** Root tasks of new runs assigned in the transaction, without a queue row. */
    const assignedNew: Assignment[] = [];
    const assignNew = (items: readonly ReadyItem[]) => {
      if (this.closed) return [];
      const taken = this.scheduler.assignNew(items, this.workers.values());
      assignedNew.push(...taken);
      return taken;
    };
    let written: { dispatch: Dispatch; outcome: BatchOutcome | undefined };
    try {
      written = await this.db.transaction(async (tx) => ({
        dispatch: await writeAssignments(tx, assignments, now),
        outcome: batch.isEmpty
          ? undefined
          : await applyBatch(tx, batch, now, {
              memo: this.batchMemo,
              taskIds: this.taskIds,
              assignNew,
            }),
      }));
    } catch (error) {
      this.onError(
        'engine: a tick failed; its callers get an error and its tasks stay queued',
        error,
      );
      this.unassign(assignments, now);
      // Their runs were not created: the triggers' callers get the error and may retry.
      for (const { item, worker } of assignedNew) {
        releaseUnits(worker, item.slotType, item.slotUnits);
      }
      batch.rejectAll(
        new EngineError('UNAVAILABLE', 'the engine could not store this change; retry'),
      );
      this.pendingDeadlines.clear();
      this.scheduler.refreshScheduleTimeoutBound();
      return false;
    }
    this.dispatch(assignments, written.dispatch, now);
    if (written.outcome) {
      this.dispatch(assignedNew, { rows: written.outcome.assigned, parentResults: [] }, now);
      this.applyOutcome(written.outcome);
      for (const op of batch.triggers) op.done.resolve(op.result ?? []);
      for (const op of [...batch.cancels, ...batch.replays]) op.done.resolve(op.result ?? []);
      for (const op of batch.runChecks) {
        if (op.result === undefined)
          op.done.reject(new EngineError('NOT_FOUND', `run ${op.runId} does not exist`));
        else op.done.resolve(op.result);
      }
      for (const op of [
        ...batch.starts,
        ...batch.results,
        ...batch.logs,
        ...batch.streams,
        ...batch.events,
      ]) {
        op.done.resolve();
      }
      this.pendingDeadlines.clear();
      // Newly queued tasks, and queued ones that freed slots can take, go to the next tick.
      const { enqueued, endedRuntimes } = written.outcome;
      if (enqueued.length > 0 || (endedRuntimes.length > 0 && this.scheduler.size > 0))
        this.dirty = true;
    }
    if (assignments.length >= this.options.maxBatchSize) this.dirty = true;
    this.armDeadlines();
    return true;
  }

  private applyOutcome(outcome: BatchOutcome): void {
    const now = this.clock.now();
    for (const taskId of outcome.dequeued) this.scheduler.remove(taskId);
    for (const taskId of outcome.cancelOnWorker) {
      const runtime = this.runtimes.get(taskId);
      if (runtime) this.workers.get(runtime.workerId)?.stream?.send(cancelAction(runtime));
    }
    for (const taskId of outcome.endedRuntimes) this.dropRuntime(taskId);
    for (const { taskId, at } of outcome.started) {
      const runtime = this.runtimes.get(taskId);
      if (runtime) runtime.startedAt = at;
    }
    for (const item of outcome.enqueued) this.scheduler.enqueue(item, now);
    for (const result of outcome.finishedRuns) {
      for (const sub of [...(this.runSubscribers.get(result.runId) ?? [])]) {
        if (sub.tenantId === result.tenantId) sub.deliver(result);
      }
      for (const sub of [...(this.streamSubscribers.get(result.runId) ?? [])]) {
        if (sub.tenantId !== result.tenantId) continue;
        if (sub.buffer) {
          sub.finishedWhileBuffering = result.status;
          continue;
        }
        this.streamSubscribers.get(result.runId)?.delete(sub);
        sub.listener.onFinished(result.status);
      }
    }
    for (const { tenantId, runId, id, event } of outcome.streamEvents) {
      for (const sub of this.streamSubscribers.get(runId) ?? []) {
        if (sub.tenantId !== tenantId) continue;
        if (sub.buffer) sub.buffer.push({ id, event });
        else sub.listener.onStreamEvent(event);
      }
    }
  }

  /** Registers a running attempt; its slot is reserved unless the scheduler already did. */
  private addRuntime(runtime: RuntimeState, { slotReserved = false } = {}): void {
    this.runtimes.set(runtime.taskId, runtime);
    this.runtimeByExternalId.set(runtime.externalId, runtime.taskId);
    const run = this.runningByRun.get(runtime.runId);
    if (run) run.tasks += 1;
    else this.runningByRun.set(runtime.runId, { tenantId: runtime.tenantId, tasks: 1 });
    const worker = this.workers.get(runtime.workerId);
    if (worker && !slotReserved) reserveUnits(worker, runtime.slotType, runtime.slotUnits);
  }

  private dropRuntime(taskId: string): void {
    const runtime = this.runtimes.get(taskId);
    if (!runtime) return;
    this.runtimes.delete(taskId);
    this.runtimeByExternalId.delete(runtime.externalId);
    const run = this.runningByRun.get(runtime.runId);
    if (run && --run.tasks === 0) this.runningByRun.delete(runtime.runId);
    const worker = this.workers.get(runtime.workerId);
    if (worker) releaseUnits(worker, runtime.slotType, runtime.slotUnits);
  }

  /** After COMMIT: registers the assigned attempts as running and sends their actions. */
  private dispatch(assignments: readonly Assignment[], written: Dispatch, now: number): void {
    const dispatched = new Set(written.rows.map((r) => r.id));
    // Items that were no longer queued (cancelled meanwhile) give their slots back.
    for (const a of assignments) {
      if (!dispatched.has(a.item.taskId)) releaseUnits(a.worker, a.item.slotType, a.item.slotUnits);
    }
    const byTask = new Map(assignments.map((a) => [a.item.taskId, a]));
    for (const row of written.rows) {
      const { item, worker } = byTask.get(row.id)!;
      this.addRuntime(
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

  private unassign(assignments: readonly Assignment[], now: number): void {
    for (const { item, worker } of assignments) {
      releaseUnits(worker, item.slotType, item.slotUnits);
      this.scheduler.enqueue(item, now);
    }
  }

  // ------------------------------------------------------------------------------------------
  // Deadlines: execution timeouts, schedule timeouts, backoff, heartbeats, start grace
  // ------------------------------------------------------------------------------------------

  /** Sets the one timer to the earliest known deadline (none when nothing is pending). */
  private armDeadlines(): void {
    if (this.closed) return;
    const next = this.nextDeadline();
    if (next === undefined) {
      clearTimeout(this.deadlineTimer);
      this.deadlineTimer = undefined;
      this.deadlineAt = undefined;
      return;
    }
    if (this.deadlineTimer && this.deadlineAt !== undefined && this.deadlineAt <= next) return;
    clearTimeout(this.deadlineTimer);
    this.deadlineAt = next;
    this.deadlineTimer = setTimeout(
      () => {
        this.deadlineTimer = undefined;
        this.deadlineAt = undefined;
        this.scanDeadlines();
      },
      Math.max(0, next - this.clock.now()),
    );
  }

  private nextDeadline(): number | undefined {
    let next: number | undefined;
    const consider = (at: number) => {
      if (next === undefined || at < next) next = at;
    };
    const delayed = this.scheduler.nextReadyAt();
    if (delayed !== undefined) consider(delayed);
    const scheduleTimeout = this.scheduler.earliestScheduleTimeout();
    if (scheduleTimeout !== undefined) consider(scheduleTimeout);
    for (const runtime of this.runtimes.values()) {
      consider(runtime.timeoutAt);
      if (runtime.startedAt === undefined) consider(runtime.assignedAt + this.options.startGraceMs);
      consider(this.workerSeenAt(runtime.workerId) + this.options.reassignAfterMs);
    }
    for (const worker of this.workers.values()) {
      if (worker.status === 'ACTIVE')
        consider(worker.lastHeartbeatAt + this.options.workerInactiveAfterMs);
    }
    return next;
  }

  private workerSeenAt(workerId: string): number {
    return this.workers.get(workerId)?.lastHeartbeatAt ?? this.startedAt;
  }

  private scanDeadlines(): void {
    if (this.closed) return;
    const now = this.clock.now();
    let buffered = false;
    const once = (key: string) => {
      if (this.pendingDeadlines.has(key)) return false;
      this.pendingDeadlines.add(key);
      buffered = true;
      return true;
    };
    for (const runtime of this.runtimes.values()) {
      const attempt = {
        tenantId: runtime.tenantId,
        taskId: runtime.taskId,
        retryCount: runtime.retryCount,
      };
      const key = `${runtime.taskId}/${runtime.retryCount}`;
      if (now >= runtime.timeoutAt) {
        if (once(key)) this.batch.timeouts.push(attempt);
      } else if (
        runtime.startedAt === undefined &&
        now >= runtime.assignedAt + this.options.startGraceMs
      ) {
        if (once(key))
          this.batch.reassigns.push({ ...attempt, reason: 'the worker never started the task' });
      } else if (now >= this.workerSeenAt(runtime.workerId) + this.options.reassignAfterMs) {
        if (once(key))
          this.batch.reassigns.push({
            ...attempt,
            reason: 'the worker stopped sending heartbeats',
          });
      }
    }
    for (const item of this.scheduler.scheduleTimedOut(now)) {
      if (once(`${item.taskId}/${item.retryCount}`)) {
        this.batch.scheduleTimeouts.push({
          tenantId: item.tenantId,
          taskId: item.taskId,
          retryCount: item.retryCount,
          runId: item.runId,
        });
      }
    }
    for (const worker of this.workers.values()) {
      if (
        worker.status === 'ACTIVE' &&
        now >= worker.lastHeartbeatAt + this.options.workerInactiveAfterMs
      ) {
        worker.status = 'INACTIVE';
        this.queueWorkerState(worker);
      }
    }
    if (this.scheduler.promoteDue(now) || buffered) this.wake();
    this.armDeadlines();
  }

  /** Counts for tests and metrics: what is in memory right now. */
  stats(): { queued: number; running: number; workers: number } {
    return { queued: this.scheduler.size, running: this.runtimes.size, workers: this.workers.size };
  }
}
