import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Database } from '@trellis/db';
import { createTestDatabase } from '@trellis/db/testing';
import { createTenant } from '../test/test-worker';
import { Deadlines } from './deadlines';
import { RunningAttempts } from './running-attempts';
import { Scheduler } from './scheduler';
import type { AttemptRef } from './systems/attempt-ref';
import type { WorkerStateWrite } from './systems/worker-state';
import { WorkerRegistry } from './worker-registry';

let db: Database;
let drop: () => Promise<void>;
let tenantId: string;
let now: number;
let timedOut: AttemptRef[];
let reassigned: string[];
let states: WorkerStateWrite[];
let deadlines: Deadlines;
let running: RunningAttempts;
let workers: WorkerRegistry;

const settings = { workerInactiveAfterMs: 10_000, reassignAfterMs: 30_000, startGraceMs: 30_000 };

beforeEach(async () => {
  ({ db, drop } = await createTestDatabase({ migrate: true }));
  tenantId = await createTenant(db);
  now = Date.now();
  timedOut = [];
  reassigned = [];
  states = [];
  const clock = { now: () => now };
  const scheduler = new Scheduler();
  running = new RunningAttempts(db, (id) => workers.get(id));
  workers = new WorkerRegistry({
    db,
    clock,
    slotsHeldBy: () => [],
    recordState: (state) => states.push(state),
    wake: () => {},
    armDeadlines: () => deadlines.arm(),
  });
  deadlines = new Deadlines({
    clock,
    settings,
    scheduler,
    running,
    workers,
    timedOut: (attempt) => timedOut.push(attempt),
    reassign: (_attempt, reason) => reassigned.push(reason),
    scheduleTimedOut: () => {},
    isClosed: () => false,
    wake: () => {},
  });
});

afterEach(async () => {
  deadlines.stop();
  await drop();
});

function addAttempt(workerId: string, overrides: { timeoutAt: number; startedAt?: number }) {
  running.add({
    taskId: '1',
    externalId: 'e1',
    tenantId,
    runId: 'r1',
    actionId: 'a:a',
    retryCount: 0,
    workerId,
    slotType: 'default',
    slotUnits: 1,
    assignedAt: now,
    startedAt: now,
    ...overrides,
  });
}

describe('deadlines', () => {
  it('buffers a passed execution timeout once, until the tick that writes it has ended', async () => {
    const workerId = await workers.register(tenantId, {
      name: 'w',
      actions: ['a:a'],
      slotConfig: { default: 1 },
    });
    addAttempt(workerId, { timeoutAt: now - 1 });
    deadlines.arm();
    await vi.waitFor(() => expect(timedOut).toHaveLength(1));
    deadlines.arm();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(timedOut).toHaveLength(1);
    deadlines.tickEnded();
    deadlines.arm();
    await vi.waitFor(() => expect(timedOut).toHaveLength(2));
    expect(timedOut[0]).toEqual({ tenantId, taskId: '1', retryCount: 0 });
  });

  it('reassigns the work of a worker gone silent, and marks the worker inactive', async () => {
    const workerId = await workers.register(tenantId, {
      name: 'w',
      actions: ['a:a'],
      slotConfig: { default: 1 },
    });
    addAttempt(workerId, { timeoutAt: now + 600_000 });
    now += settings.reassignAfterMs;
    deadlines.arm();
    await vi.waitFor(() => expect(reassigned).toEqual(['the worker stopped sending heartbeats']));
    expect(states).toMatchObject([{ workerId, status: 'INACTIVE' }]);
    expect(workers.get(workerId)!.status).toBe('INACTIVE');
  });
});
