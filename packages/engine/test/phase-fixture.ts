/**
 * Test support for the systems' database phases: the systems wired to a real database and to
 * in-memory state of their own, without the engine's loop, timers or transports. A test
 * buffers operations through a system's `request`, runs chosen phases in one transaction as a
 * tick would (`apply`), and reads the rows and the outcome.
 */
import { afterEach, beforeEach } from 'vitest';
import { type Database } from '@trellis/db';
import { createTestDatabase } from '@trellis/db/testing';
import { writeAssignments } from '../src/assignments';
import { Engine } from '../src/engine';
import { EventRoutes } from '../src/event-routes';
import type { QueueItemRow } from '../src/queries/task-queue.queries';
import { Scheduler } from '../src/scheduler';
import { DurableLogs } from '../src/durable-log';
import { DurableSleeps, EventWaits } from '../src/durable-waits';
import { RunningAttempts } from '../src/running-attempts';
import { createSystems, type Systems } from '../src/systems';
import { TaskIdPool } from '../src/task-ids';
import type { System } from '../src/tick/system';
import { TickContext } from '../src/tick/tick-context';
import type { AssignedActionData } from '../src/types';
import { VersionCache } from '../src/version-cache';
import { createVersionFacts } from '../src/version-facts';
import type { WorkflowDefinitionInput } from '../src/workflow-definition';
import type { WorkerState } from '../src/worker-pool';
import { WorkerRegistry } from '../src/worker-registry';
import { createTenant } from './test-worker';

export interface PhaseFixture {
  db: Database;
  tenantId: string;
  scheduler: Scheduler;
  workers: WorkerRegistry;
  systems: Systems;
  /** Event triggers and filters: tests writing filters invalidate them. */
  routes: EventRoutes;
  /** The tick's time; tests move it forward. */
  now: number;
  putWorkflow(definition: WorkflowDefinitionInput): Promise<void>;
  /** A connected worker whose stream collects what it is sent. */
  connectWorker(actions: string[], slots?: number): Promise<TestStreamWorker>;
  /**
   * Waits until a system has buffered `count` operations: a request may look things up
   * before it buffers (a trigger reads the workflow's version).
   */
  buffered(system: System, count?: number): Promise<void>;
  /** Runs these systems' phases in one transaction, in the order given, as a tick would. */
  apply(...systems: System[]): Promise<TickContext>;
  /** Triggers one run through the trigger phase; returns its id and its tasks' internal ids. */
  trigger(
    workflowName: string,
    input?: unknown,
  ): Promise<{ runId: string; tick: TickContext; tasks: Map<string, string> }>;
  /** Assigns every queued attempt to this worker, as the tick's assignment statement does. */
  assignQueued(worker: TestStreamWorker): Promise<void>;
  /** Reports an assigned attempt started and ended, through the start, result and run phases. */
  runAttempt(
    taskId: string,
    outcome: { kind: 'COMPLETED'; output?: unknown } | { kind: 'FAILED'; error: string },
    times?: { startedAt?: Date; finishedAt?: Date; retryCount?: number },
  ): Promise<TickContext>;
  rows<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export interface TestStreamWorker {
  state: WorkerState;
  sent: AssignedActionData[];
}

/** A workflow of one task, the simplest thing to run. */
export const SOLO: WorkflowDefinitionInput = {
  name: 'solo',
  tasks: [{ readableId: 'solo', actionId: 'solo:solo' }],
};

/**
 * A fresh fixture for every test of the file, with these workflows stored, handed to `ready`
 * (which may connect workers) before each test; closed after it.
 */
export function usePhaseFixture(
  workflows: readonly WorkflowDefinitionInput[],
  ready: (fx: PhaseFixture) => void | Promise<void>,
): void {
  let current: PhaseFixture | undefined;
  beforeEach(async () => {
    current = await createPhaseFixture();
    for (const workflow of workflows) await current.putWorkflow(workflow);
    await ready(current);
  });
  afterEach(() => current?.close());
}

export async function createPhaseFixture(): Promise<PhaseFixture> {
  const { db, drop } = await createTestDatabase({ migrate: true });
  const tenantId = await createTenant(db);
  const scheduler = new Scheduler();
  const versions = new VersionCache();
  const routes = new EventRoutes(db);
  const noop = () => {};
  const clock = { now: () => fixture.now };
  const workers: WorkerRegistry = new WorkerRegistry({
    db,
    clock,
    slotsHeldBy: () => [],
    recordState: (state) => systems.workerState.record(state),
    wake: noop,
    armDeadlines: noop,
  });
  const systems: Systems = createSystems({
    db,
    scheduler,
    workers,
    versions,
    routes,
    facts: createVersionFacts(),
    maxPayloadBytes: 4 * 1024 * 1024,
    // Phases that do not touch durable tasks: their memory, without a timer.
    durable: {
      running: new RunningAttempts(db, () => undefined),
      logs: new DurableLogs(),
      events: new EventWaits(),
      sleeps: new DurableSleeps({ db, clock, scope: 'all', due: noop, onError: noop }),
      deliver: noop,
      watchChild: noop,
    },
    isClosing: () => false,
    wake: noop,
  });
  const taskIds = new TaskIdPool();
  // Stores workflow versions only: never started, so it runs no loop and holds no state.
  const definitions = new Engine({ db });

  const fixture: PhaseFixture = {
    db,
    tenantId,
    scheduler,
    workers,
    systems,
    routes,
    now: Date.now(),
    async putWorkflow(definition) {
      await definitions.putWorkflow(tenantId, definition);
      versions.invalidate(tenantId, definition.name);
      routes.invalidate(tenantId);
    },
    async connectWorker(actions, slots = 10) {
      const sent: AssignedActionData[] = [];
      const id = await workers.register(tenantId, {
        name: 'phase-worker',
        actions,
        slotConfig: { default: slots },
      });
      await workers.attachStream(tenantId, id, { send: (a) => sent.push(a), close: noop });
      return { state: workers.get(id)!, sent };
    },
    async buffered(system, count = 1) {
      const deadline = Date.now() + 10_000;
      while (system.pending < count) {
        if (Date.now() > deadline) throw new Error(`nothing buffered after 10 s`);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    },
    async apply(...phases) {
      for (const phase of phases) phase.take();
      let tick: TickContext | undefined;
      try {
        await db.transaction(async (tx) => {
          tick = new TickContext(tx, fixture.now, taskIds);
          for (const phase of phases) await phase.apply(tick);
          await tick.flush();
        });
      } catch (error) {
        tick?.rollback();
        for (const phase of phases) phase.fail(error);
        throw error;
      }
      for (const phase of phases) phase.settle();
      return tick!;
    },
    async trigger(workflowName, input = {}) {
      const pending = systems.trigger.request(tenantId, [{ workflowName, input }]);
      await fixture.buffered(systems.trigger);
      const tick = await fixture.apply(systems.trigger);
      const [runId] = await pending;
      const tasks = new Map(
        (
          await fixture.rows<{ id: string; readableId: string }>(
            `SELECT id, readable_id AS "readableId" FROM tasks WHERE run_id = $1`,
            [runId],
          )
        ).map((t) => [t.readableId, t.id]),
      );
      return { runId: runId!, tick, tasks };
    },
    async assignQueued(worker) {
      const queued = await fixture.rows<QueueItemRow & { externalId: string; runId: string }>(
        `SELECT q.task_id AS "taskId", q.tenant_id AS "tenantId", q.action_id AS "actionId",
                q.retry_count AS "retryCount", q.priority, q.slot_type AS "slotType",
                q.slot_units AS "slotUnits", t.external_id AS "externalId", t.run_id AS "runId"
           FROM task_queue q JOIN tasks t ON t.id = q.task_id`,
      );
      const assignments = queued.map((q) => ({
        item: { ...q, readyAt: fixture.now, scheduleTimeoutAt: fixture.now + 60_000 },
        worker: worker.state,
      }));
      await db.transaction((tx) => writeAssignments(tx, assignments, fixture.now));
    },
    async runAttempt(taskId, outcome, times = {}) {
      const attempt = { tenantId, taskId, retryCount: times.retryCount ?? 0 };
      const started = systems.start.request(attempt, times.startedAt ?? new Date(fixture.now));
      const ended = systems.result.request(attempt, {
        taskExternalId: taskId,
        at: times.finishedAt ?? new Date(fixture.now),
        ...(outcome.kind === 'COMPLETED'
          ? { kind: 'COMPLETED', payload: JSON.stringify(outcome.output ?? {}) }
          : { kind: 'FAILED', payload: JSON.stringify({ message: outcome.error }) }),
      });
      const tick = await fixture.apply(systems.start, systems.result, systems.runProgress);
      await Promise.all([started, ended]);
      return tick;
    },
    async rows<T>(sql: string, params: readonly unknown[] = []) {
      return (await db.query<T>(sql, params)).rows;
    },
    close: drop,
  };
  return fixture;
}
