/**
 * The engine facade: the one object the transports (gRPC, REST) call, and the wiring of the
 * parts it is made of (README.md has the map). It owns the in-memory scheduling state of every
 * tenant in this database (README: ownership); each kind of change is buffered by its system
 * (systems/) and written per tick in one transaction (tick/).
 */
import type { Database } from '@trellis/db';
import { EngineActivity, type TenantActivity } from './activity';
import { Deadlines } from './deadlines';
import { engineSettings, type EngineOptions, type EngineSettings } from './engine-options';
import { EngineError } from './errors';
import { EventRoutes } from './event-routes';
import { syncDeclarativeFilters } from './queries/event-filter.queries';
import { findEvents, findUnfinishedEventRuns } from './queries/event.queries';
import { findRun } from './queries/run.queries';
import { listTaskEvents } from './queries/task-event.queries';
import { listTaskLogs, type TaskLogRow } from './queries/task-log.queries';
import { listQueueItems, restartScheduleWindows } from './queries/task-queue.queries';
import { releaseRuntimeSlot, updateRuntimeTimeout } from './queries/task-runtime.queries';
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
import { deleteWorkflowTimedTriggers, syncDeclaredCrons } from './queries/cron-trigger.queries';
import { RunSubscriptions } from './run-subscriptions';
import { RunningAttempts, type RunningAttempt } from './running-attempts';
import { deleteRateLimit, listAllRateLimits, upsertRateLimit } from './queries/rate-limit.queries';
import { normaliseRateLimit, type RateLimitInput } from './rate-limits';
import { Scheduler } from './scheduler';
import { createSystems, type Systems } from './systems';
import { TaskIdPool } from './task-ids';
import type { TenantScope } from './tenant-scope';
import { Ticker } from './ticker';
import { TimedTriggers } from './timed-triggers';
import { runTick } from './tick/tick';
import { TickLoop } from './tick/tick-loop';
import {
  systemClock,
  type Clock,
  type LogLine,
  type PushedEvent,
  type RunDetails,
  type RunResult,
  type RunStreamListener,
  type StreamChunk,
  type BatchEventReport,
  type TaskEventReport,
  type TaskTimelineEvent,
  type TriggerRequest,
  type WorkerRegistration,
} from './types';
import { assertPayloadSize, assertUuid } from './validation';
import { VersionCache } from './version-cache';
import {
  describeWaiting,
  explainWaiting,
  type WaitingExplanation,
  type WaitingReason,
} from './waiting-reason';
import { gateWaiting } from './systems/gates';
import { ChangeFeed, type ChangeListener } from './changes';
import { createVersionFacts } from './version-facts';
import {
  definitionChecksum,
  normaliseWorkflow,
  type WorkflowDefinitionInput,
} from './workflow-definition';
import type { WorkerStream } from './worker-pool';
import { WorkerRegistry } from './worker-registry';
import { DurableTasks } from './durable-tasks';

export { ENGINE_DEFAULTS, type EngineOptions, type FinishedRun } from './engine-options';

export class Engine {
  private readonly db: Database;
  private readonly clock: Clock;
  private readonly scope: TenantScope;
  private readonly settings: EngineSettings;
  private readonly scheduler: Scheduler;
  private readonly versions = new VersionCache();
  private readonly routes: EventRoutes;
  private readonly workers: WorkerRegistry;
  private readonly running: RunningAttempts;
  private readonly systems: Systems;
  private readonly subscriptions: RunSubscriptions;
  private readonly changes: ChangeFeed;
  private readonly deadlines: Deadlines;
  private readonly loop: TickLoop;
  private readonly ticker: Ticker;
  /** Crons and scheduled runs: create, change, delete, run now (timed-triggers.ts). */
  readonly timedTriggers: TimedTriggers;
  /** Durable tasks' waits and memos, from the workers' DurableTask streams (durable-tasks.ts). */
  readonly durable: DurableTasks;
  private readonly activity = new EngineActivity();
  private closed = false;

  constructor(options: EngineOptions) {
    this.db = options.db;
    this.clock = options.clock ?? systemClock;
    this.scope = options.scope ?? 'all';
    this.settings = engineSettings(options);
    this.routes = new EventRoutes(this.db);
    this.scheduler = new Scheduler({
      cancel: (cancels) => this.systems.cancel.fromStrategies(cancels),
      fail: (item, message) =>
        this.systems.scheduleTimeout.request(item, { eventType: 'RATE_LIMIT_ERROR', message }),
      batchesRunning: (tenantId, actionId, key) =>
        this.running.batchesRunning(tenantId, actionId, key),
    });
    const onError = options.onError ?? ((message, error) => console.error(message, error));
    const wake = () => this.loop.wake();
    const isClosed = () => this.closed;
    this.running = new RunningAttempts(this.db, (id) => this.workers.get(id));
    this.workers = new WorkerRegistry({
      db: this.db,
      clock: this.clock,
      slotsHeldBy: (id) => this.running.heldBy(id),
      recordState: (state) => this.systems.workerState.record(state),
      wake,
      armDeadlines: () => this.deadlines.arm(),
    });
    this.durable = new DurableTasks({
      db: this.db,
      clock: this.clock,
      scope: this.scope,
      workers: this.workers,
      running: this.running,
      system: () => this.systems.durable,
      resolveTriggers: (tenantId, requests) => this.systems.trigger.resolveAll(tenantId, requests),
      subscribeToRun: (tenantId, runId, onResult) =>
        this.subscriptions.subscribeToRun(tenantId, runId, onResult),
      assertOpen: () => this.assertOpen(),
      onError,
    });
    const facts = createVersionFacts();
    this.systems = createSystems({
      db: this.db,
      scheduler: this.scheduler,
      workers: this.workers,
      versions: this.versions,
      routes: this.routes,
      facts,
      maxPayloadBytes: this.settings.maxPayloadBytes,
      durable: {
        running: this.running,
        logs: this.durable.logs,
        events: this.durable.events,
        sleeps: this.durable.sleeps,
        deliver: (workerId, completion) => this.durable.deliver(workerId, completion),
        watchChild: (tenantId, runId, taskId, nodeId) =>
          this.durable.watchChild(tenantId, runId, taskId, nodeId),
      },
      isClosing: isClosed,
      wake,
    });
    this.subscriptions = new RunSubscriptions(this.db, this.running, this.systems.runCheck);
    this.changes = new ChangeFeed(onError);
    this.deadlines = new Deadlines({
      clock: this.clock,
      settings: this.settings,
      scheduler: this.scheduler,
      running: this.running,
      workers: this.workers,
      timedOut: (attempt, deadline) => this.systems.timeout.request(attempt, deadline),
      reassign: (attempt, reason) => this.systems.reassignment.request(attempt, reason),
      scheduleTimedOut: (attempt) => this.systems.scheduleTimeout.request(attempt),
      isClosed,
      wake,
    });
    this.ticker = new Ticker({
      db: this.db,
      clock: this.clock,
      scope: this.scope,
      fire: (fires) => this.systems.timedFire.fire(fires),
      onError,
    });
    this.timedTriggers = new TimedTriggers({
      db: this.db,
      clock: this.clock,
      versions: this.versions,
      ticker: this.ticker,
      trigger: this.systems.trigger,
      timedFire: this.systems.timedFire,
      maxPayloadBytes: this.settings.maxPayloadBytes,
      assertOpen: () => this.assertOpen(),
    });
    const systems = Object.values(this.systems);
    const taskIds = new TaskIdPool();
    const tick = () =>
      runTick({
        db: this.db,
        clock: this.clock,
        maxBatchSize: this.settings.maxBatchSize,
        scheduler: this.scheduler,
        workers: this.workers,
        running: this.running,
        subscriptions: this.subscriptions,
        deadlines: this.deadlines,
        taskIds,
        systems,
        durableLogs: this.durable.logs,
        changes: this.changes,
        activity: this.activity,
        fence: options.fence,
        onRunsFinished: options.onRunsFinished,
        isClosing: isClosed,
        onError,
      });
    const onTick = options.onTick;
    this.loop = new TickLoop(
      this.clock,
      this.settings,
      onTick
        ? async () => {
            const started = performance.now();
            const report = await tick();
            if (report.operations > 0) {
              try {
                onTick({
                  durationMs: performance.now() - started,
                  operations: report.operations,
                  ok: report.ok,
                });
              } catch (error) {
                onError('engine: the tick observer failed', error);
              }
            }
            return report;
          }
        : tick,
    );
  }

  // ------------------------------------------------------------------------------------------
  // Life cycle
  // ------------------------------------------------------------------------------------------

  /**
   * Recovers the queue, the running set and the workers from the tables. Workers that were
   * active may reconnect with their ids; until they do, their heartbeat clock starts now. The
   * ticker reads the crons and what falls due soon: fires missed while down go out at once.
   */
  async start(): Promise<void> {
    const now = this.clock.now();
    await this.workers.recover(now, this.scope);
    for (const { tenantId, actionId } of await listPausedActions(this.db, this.scope)) {
      this.scheduler.setActionsPaused(tenantId, [actionId], true);
    }
    // The running set first: what it holds of concurrency keys counts before the queue's
    // strategies decide again, in queue order, exactly as when the tasks first arrived.
    for (const { claims, ...attempt } of await this.running.recover(this.scope)) {
      if (claims) this.scheduler.gate.recoverHolds({ ...attempt, claims }, 'ALL');
    }
    for (const row of await listAllRateLimits(this.db, this.scope)) {
      this.scheduler.rateLimits.resize(row);
    }
    const queued = await listQueueItems(this.db, this.scope);
    for (const {
      runStarted,
      claims,
      rateLimitClaims,
      placement,
      batch,
      isDurable,
      ...row
    } of queued) {
      const item = {
        ...row,
        ...(isDurable ? { durable: true } : {}),
        readyAt: row.readyAt.getTime(),
        scheduleTimeoutAt: row.scheduleTimeoutAt.getTime(),
        ...(claims ? { claims } : {}),
        ...(rateLimitClaims ? { rateLimits: rateLimitClaims } : {}),
        ...(placement ? { placement } : {}),
        ...(batch ? { batch } : {}),
      };
      if (claims && runStarted) this.scheduler.gate.recoverHolds(item, 'WORKFLOW');
      this.scheduler.enqueue(item, now);
    }
    await this.durable.start();
    this.deadlines.arm();
    this.loop.wake();
    await this.ticker.start();
  }

  /** Stops taking work, writes what is buffered, and closes the worker streams. */
  async close(): Promise<void> {
    this.closed = true;
    await this.ticker.stop();
    this.durable.stop();
    this.deadlines.stop();
    await this.loop.drain();
    this.workers.closeStreams();
    this.subscriptions.clear();
  }

  // ------------------------------------------------------------------------------------------
  // For operators (the server's metrics)
  // ------------------------------------------------------------------------------------------

  /**
   * Runs created and tasks finished per tenant since this engine started (activity.ts). The
   * records change in place: read them, do not keep them.
   */
  activityByTenant(): ReadonlyMap<string, Readonly<TenantActivity>> {
    return this.activity.byTenant;
  }

  /**
   * Task attempts waiting in this engine's queue per tenant: ready, backing off before a retry,
   * or held for a rate limit. A walk over the queue: for a scrape, not for a hot path.
   */
  queueDepthByTenant(): Map<string, number> {
    return this.scheduler.sizeByTenant();
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
        // On every registration, not only new versions: a declared filter deleted over REST
        // comes back when the code that declares it registers again.
        await syncDeclarativeFilters(tx, tenantId, workflowId, definition.defaultFilters);
        const cronsChanged = await syncDeclaredCrons(
          tx,
          tenantId,
          workflowId,
          definition.cronTriggers,
          definition.cronInput,
          new Date(this.clock.now()),
        );
        const latest = await findLatestVersionChecksum(tx, tenantId, workflowId);
        if (latest?.checksum === checksum) {
          return { workflowId, versionId: latest.id, cronsChanged };
        }
        const versionId = await insertVersion(tx, tenantId, workflowId, checksum, definition);
        await insertSteps(tx, tenantId, versionId, definition.steps);
        return { workflowId, versionId, cronsChanged };
      });
    let result: { workflowId: string; versionId: string; cronsChanged: boolean };
    try {
      result = await write();
    } catch (error) {
      // Two workers registering the same workflow at once: the loser sees the winner's row.
      if ((error as { code?: string }).code !== '23505') throw error;
      result = await write();
    }
    this.versions.invalidate(tenantId, definition.name);
    this.routes.invalidate(tenantId);
    if (result.cronsChanged) await this.ticker.tenantCronsChanged(tenantId);
    return { workflowId: result.workflowId, versionId: result.versionId };
  }

  /**
   * Deletes a workflow: new runs of it are refused, while its past runs stay readable and the
   * ones in flight finish. A worker registering it again creates it anew. False when unknown.
   */
  async deleteWorkflow(tenantId: string, workflowId: string): Promise<boolean> {
    this.assertOpen();
    assertUuid(workflowId, 'workflow id');
    const name = await this.db.transaction(async (tx) => {
      const deleted = await softDeleteWorkflow(tx, tenantId, workflowId);
      if (deleted !== undefined) await deleteWorkflowTimedTriggers(tx, tenantId, workflowId);
      return deleted;
    });
    if (name === undefined) return false;
    this.versions.invalidate(tenantId, name);
    this.routes.invalidate(tenantId);
    await this.ticker.tenantCronsChanged(tenantId);
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
      this.loop.wake();
    }
    this.deadlines.arm();
    return true;
  }

  /** Creates or changes a static rate limit (PutRateLimit). */
  async putRateLimit(tenantId: string, input: RateLimitInput): Promise<void> {
    this.assertOpen();
    const limit = normaliseRateLimit(input);
    const row = await upsertRateLimit(this.db, tenantId, limit, new Date(this.clock.now()));
    this.scheduler.rateLimits.resize(row);
    this.scheduler.unparkRateLimited();
    this.loop.wake();
  }

  /** Deletes a rate limit; false when the tenant has none of that key. */
  async deleteRateLimit(tenantId: string, key: string): Promise<boolean> {
    this.assertOpen();
    const deleted = await deleteRateLimit(this.db, tenantId, key);
    this.scheduler.rateLimits.delete(tenantId, key);
    // What waited for it now fails (the key is gone) in the next pass.
    this.scheduler.unparkRateLimited();
    this.loop.wake();
    return deleted;
  }

  /** Creates runs; resolves with their ids, in order, once they are committed. */
  async trigger(tenantId: string, requests: readonly TriggerRequest[]): Promise<string[]> {
    this.assertOpen();
    if (requests.length === 0) return [];
    return this.systems.trigger.request(tenantId, requests);
  }

  /** Cancels tasks, by task external id or run id; resolves with the cancelled task ids. */
  cancel(tenantId: string, ids: readonly string[]): Promise<string[]> {
    this.assertOpen();
    return this.systems.cancel.request(tenantId, ids);
  }

  /** Re-runs finished tasks (and their downstream DAG tasks); by task or run id. */
  replay(tenantId: string, ids: readonly string[]): Promise<string[]> {
    this.assertOpen();
    return this.systems.replay.request(tenantId, ids);
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
   * Calls `listener` after each committed tick with what it changed, per tenant (changes.ts):
   * for live views. Returns the unsubscribe function.
   */
  subscribeToChanges(listener: ChangeListener): () => void {
    return this.changes.subscribe(listener);
  }

  /**
   * Calls `onResult` once, when the run is final: at once if it already is. Returns the
   * unsubscribe function.
   */
  subscribeToRun(
    tenantId: string,
    runId: string,
    onResult: (result: RunResult) => void,
  ): Promise<() => void> {
    this.assertOpen();
    return this.subscriptions.subscribeToRun(tenantId, runId, onResult);
  }

  /**
   * Streams a run's stream events: those stored so far, then live ones, then onFinished when
   * the run is final. Returns the unsubscribe function.
   */
  subscribeToRunStream(
    tenantId: string,
    runId: string,
    listener: RunStreamListener,
  ): Promise<() => void> {
    return this.subscriptions.subscribeToRunStream(tenantId, runId, listener);
  }

  // ------------------------------------------------------------------------------------------
  // Events
  // ------------------------------------------------------------------------------------------

  /**
   * Stores events and triggers the workflows they match (event-routes.ts); resolves with their
   * ids once the events and their runs are committed, together.
   */
  pushEvents(tenantId: string, events: readonly PushedEvent[]): Promise<string[]> {
    this.assertOpen();
    if (events.length === 0) return Promise.resolve([]);
    return this.systems.pushedEvent.request(tenantId, events);
  }

  /**
   * Re-emits events as new events linked to the originals, routed as if pushed now; resolves
   * with the new ids, in the order of the ids found (unknown ids are skipped).
   */
  async replayEvents(tenantId: string, eventIds: readonly string[]): Promise<string[]> {
    this.assertOpen();
    for (const id of eventIds) assertUuid(id, 'event id');
    const originals = await findEvents(this.db, tenantId, eventIds);
    if (originals.length === 0) return [];
    return this.systems.pushedEvent.request(
      tenantId,
      originals.map((e) => ({
        key: e.key,
        payload: e.payload,
        additionalMetadata: e.additionalMetadata,
        scope: e.scope ?? undefined,
        priority: e.priority ?? undefined,
        replayedFromId: e.id,
      })),
    );
  }

  /** Cancels the unfinished runs these events triggered; resolves with their ids. */
  async cancelEventRuns(tenantId: string, eventIds: readonly string[]): Promise<string[]> {
    this.assertOpen();
    for (const id of eventIds) assertUuid(id, 'event id');
    const runIds = await findUnfinishedEventRuns(this.db, tenantId, eventIds);
    if (runIds.length > 0) await this.cancel(tenantId, runIds);
    return runIds;
  }

  /** Filters were written outside the engine (REST): route the next events with the new ones. */
  filtersChanged(tenantId: string): void {
    this.routes.invalidate(tenantId);
  }

  // ------------------------------------------------------------------------------------------
  // Workers
  // ------------------------------------------------------------------------------------------

  registerWorker(tenantId: string, registration: WorkerRegistration): Promise<string> {
    this.assertOpen();
    return this.workers.register(tenantId, registration);
  }

  /**
   * Attaches the stream the worker listens on (a reconnect replaces the old one). Returns the
   * function that detaches it when the transport sees the stream end.
   */
  attachWorkerStream(
    tenantId: string,
    workerId: string,
    stream: WorkerStream,
  ): Promise<() => void> {
    this.assertOpen();
    return this.workers.attachStream(tenantId, workerId, stream);
  }

  heartbeat(tenantId: string, workerId: string): Promise<void> {
    this.assertOpen();
    return this.workers.heartbeat(tenantId, workerId);
  }

  /** The worker is shutting down: no new work; its running tasks may still report. */
  unsubscribeWorker(tenantId: string, workerId: string): Promise<void> {
    return this.workers.unsubscribe(tenantId, workerId);
  }

  upsertWorkerLabels(
    tenantId: string,
    workerId: string,
    labels: Record<string, string | number>,
  ): Promise<void> {
    this.assertOpen();
    return this.workers.upsertLabels(tenantId, workerId, labels);
  }

  /** A paused worker keeps its running tasks but gets no new work. */
  setWorkerPaused(tenantId: string, workerId: string, isPaused: boolean): Promise<void> {
    this.assertOpen();
    return this.workers.setPaused(tenantId, workerId, isPaused);
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
    const attempt = await this.running.live(tenantId, report.taskExternalId, report.retryCount);
    if (!attempt) return;
    this.assertHolder(attempt, report.workerId, report.taskExternalId);
    const ref = { tenantId, taskId: attempt.taskId, retryCount: attempt.retryCount };
    const at = reportedTime(report.at, attempt, this.clock.now());
    if (report.kind === 'STARTED') return this.systems.start.request(ref, at);
    return this.systems.result.request(ref, {
      kind: report.kind,
      payload: report.payload,
      taskExternalId: report.taskExternalId,
      shouldNotRetry: report.shouldNotRetry,
      at,
    });
  }

  /**
   * A batch's members' events (SendBatchActionEvent): each as a task's own report, in the same
   * tick; CANCELLED (the handler called ctx.cancel()) cancels the members this worker holds.
   */
  async reportBatchEvent(tenantId: string, report: BatchEventReport): Promise<void> {
    this.assertOpen();
    for (const item of report.items) assertUuid(item.taskExternalId, 'task id');
    if (report.kind === 'CANCELLED') {
      const held: string[] = [];
      for (const item of report.items) {
        const attempt = await this.running.live(tenantId, item.taskExternalId, item.retryCount);
        if (!attempt) continue;
        this.assertHolder(attempt, report.workerId, item.taskExternalId);
        held.push(item.taskExternalId);
      }
      if (held.length > 0) await this.cancel(tenantId, held);
      return;
    }
    const kind = report.kind;
    const outcomes = await Promise.allSettled(
      report.items.map((item) =>
        this.reportTaskEvent(tenantId, { ...item, workerId: report.workerId, kind, at: report.at }),
      ),
    );
    const failure = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
    if (failure) throw failure.reason;
  }

  /** A worker reports only on attempts it holds (by its name, as the SDK sends it, or its id). */
  private assertHolder(attempt: RunningAttempt, workerId: string, taskExternalId: string): void {
    const worker = this.workers.get(attempt.workerId);
    if (workerId !== attempt.workerId && workerId !== worker?.name) {
      throw new EngineError(
        'FAILED_PRECONDITION',
        `worker "${workerId}" does not hold task ${taskExternalId}`,
      );
    }
  }

  /** Extends a running attempt's execution timeout to now + `incrementMs`. */
  async refreshTimeout(
    tenantId: string,
    taskExternalId: string,
    incrementMs: number,
  ): Promise<Date> {
    this.assertOpen();
    const attempt = await this.running.live(tenantId, taskExternalId, undefined);
    if (!attempt) {
      throw new EngineError('FAILED_PRECONDITION', `task ${taskExternalId} is not running`);
    }
    const timeoutAt = this.clock.now() + incrementMs;
    await updateRuntimeTimeout(
      this.db,
      tenantId,
      attempt.taskId,
      attempt.retryCount,
      new Date(timeoutAt),
    );
    attempt.timeoutAt = timeoutAt;
    this.deadlines.arm();
    return new Date(timeoutAt);
  }

  /** The attempt keeps running but frees its worker's slot for other work. */
  async releaseSlot(tenantId: string, taskExternalId: string): Promise<void> {
    this.assertOpen();
    const attempt = await this.running.live(tenantId, taskExternalId, undefined);
    if (!attempt || attempt.slotUnits === 0) return;
    await releaseRuntimeSlot(this.db, tenantId, attempt.taskId, attempt.retryCount);
    this.running.releaseSlot(attempt);
    this.loop.wake();
  }

  async putLog(tenantId: string, line: LogLine): Promise<void> {
    this.assertOpen();
    const attempt = await this.running.ofTask(tenantId, line.taskExternalId, line.retryCount);
    assertPayloadSize(line.message, 'log message', this.settings.maxPayloadBytes);
    return this.systems.log.request({
      tenantId,
      taskId: attempt.taskId,
      retryCount: attempt.retryCount,
      createdAt: line.createdAt ?? new Date(this.clock.now()),
      level: line.level ?? null,
      message: line.message,
      metadata: line.metadata ?? null,
    });
  }

  async listTaskLogs(
    tenantId: string,
    taskExternalId: string,
    limit = 1000,
  ): Promise<TaskLogRow[]> {
    const attempt = await this.running.ofTask(tenantId, taskExternalId, undefined);
    return listTaskLogs(this.db, tenantId, attempt.taskId, limit);
  }

  /**
   * Why a task is not running yet, from the scheduler's memory (waiting-reason.ts). NOT_FOUND
   * for a task of another tenant or none.
   */
  async whyWaiting(tenantId: string, taskExternalId: string): Promise<WaitingExplanation> {
    assertUuid(taskExternalId, 'task id');
    const task = await findTaskByExternalId(this.db, tenantId, taskExternalId);
    if (!task) throw new EngineError('NOT_FOUND', `task ${taskExternalId} does not exist`);
    const item = this.scheduler.queued(task.id);
    let reason: WaitingReason;
    if (item?.tenantId === tenantId) {
      const workers = [...this.workers.values()].filter((w) => w.tenantId === tenantId);
      reason = explainWaiting(this.scheduler, item, workers, this.clock.now());
    } else if (task.status === 'PENDING') {
      reason = (await gateWaiting(this.db, task.id)) ?? { reason: 'NOT_QUEUED', status: 'PENDING' };
    } else {
      const running = this.running.get(task.id);
      const status = running
        ? running.startedAt === undefined
          ? 'ASSIGNED'
          : 'RUNNING'
        : task.status;
      reason = { reason: 'NOT_QUEUED', status };
    }
    return { ...reason, message: describeWaiting(reason) };
  }

  async listTaskEvents(tenantId: string, taskExternalId: string): Promise<TaskTimelineEvent[]> {
    const attempt = await this.running.ofTask(tenantId, taskExternalId, undefined);
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
    const attempt = await this.running.ofTask(tenantId, chunk.taskExternalId, chunk.retryCount);
    if (chunk.message.byteLength > this.settings.maxPayloadBytes) {
      throw new EngineError('RESOURCE_EXHAUSTED', 'the stream event is larger than allowed');
    }
    return this.systems.streamEvent.request({
      tenantId,
      taskId: attempt.taskId,
      runId: attempt.runId,
      retryCount: attempt.retryCount,
      taskExternalId: chunk.taskExternalId,
      createdAt: chunk.createdAt ?? new Date(this.clock.now()),
      message: chunk.message,
      eventIndex: chunk.eventIndex ?? null,
      metadata: chunk.metadata ?? null,
    });
  }

  /** Counts for tests and metrics: what is in memory right now. */
  stats(): {
    queued: number;
    running: number;
    workers: number;
    crons: number;
    schedules: number;
  } {
    const ticker = this.ticker.stats();
    return {
      queued: this.scheduler.size,
      running: this.running.size,
      workers: this.workers.size,
      crons: ticker.crons,
      schedules: ticker.schedules,
    };
  }

  /** Fires what the ticker holds as due now (tests on a controlled clock). */
  fireDueTriggers(): void {
    this.ticker.fireDue();
  }
}

/**
 * When a worker says a start or result happened: its own clock, so that a task's recorded times
 * are its real ones and not the tick's, but never before the attempt was assigned (or started)
 * nor after the report arrived, so that a skewed worker clock cannot reorder a task's timeline.
 */
function reportedTime(at: Date | undefined, attempt: RunningAttempt, now: number): Date {
  const earliest = attempt.startedAt ?? attempt.assignedAt;
  if (at === undefined) return new Date(now);
  return new Date(Math.min(now, Math.max(earliest, at.getTime())));
}
