import { describe, expect, it } from 'vitest';
import type { Engine } from './engine';
import { normaliseTaskConditions, type TaskConditionsInput } from './task-conditions';
import type { RunResult } from './types';
import { useClockedEngineFixture } from '../test/engine-fixture';
import { TestWorker } from '../test/test-worker';

describe('normaliseTaskConditions', () => {
  const declared: TaskConditionsInput = {
    parents: [
      {
        readableDataKey: '',
        action: 'SKIP',
        orGroupId: 'b1c1-random',
        parentReadableId: 'start',
        expression: 'output.n > 5',
      },
    ],
    sleeps: [{ readableDataKey: 'nap', action: 'QUEUE', orGroupId: 'a0-random', sleepFor: '10s' }],
    events: [
      {
        readableDataKey: 'go',
        action: 'QUEUE',
        orGroupId: 'a0-random',
        eventKey: 'order:go',
        expression: "input.id == 'x'",
      },
    ],
  };

  it('names or-groups by first use, so the same declaration always gives the same version', () => {
    expect(normaliseTaskConditions(declared, 'task "t"', ['start'])).toEqual([
      {
        kind: 'PARENT',
        action: 'SKIP',
        orGroup: 'g0',
        key: 'parent-start',
        parent: 'start',
        expression: 'output.n > 5',
      },
      { kind: 'SLEEP', action: 'QUEUE', orGroup: 'g1', key: 'nap', sleepMs: 10_000 },
      {
        kind: 'EVENT',
        action: 'QUEUE',
        orGroup: 'g1',
        key: 'go',
        eventKey: 'order:go',
        expression: "input.id == 'x'",
        scope: null,
        since: null,
      },
    ]);
    expect(normaliseTaskConditions({}, 'task "t"', [])).toBeNull();
  });

  it('refuses a parent that is not the task’s, a durable action and a bad expression', () => {
    expect(() => normaliseTaskConditions(declared, 'task "t"', ['other'])).toThrow(
      'task "t": a parent condition names "start", which is not one of its parents',
    );
    const create = {
      sleeps: [{ readableDataKey: '', action: 'CREATE', orGroupId: '', sleepFor: '1s' }],
    };
    expect(() => normaliseTaskConditions(create, 'task "t"', [])).toThrow(
      "a condition's action must be QUEUE, SKIP or CANCEL, not CREATE",
    );
    const bad = {
      parents: [
        {
          readableDataKey: '',
          action: 'SKIP',
          orGroupId: '',
          parentReadableId: 'p',
          expression: 'input.x >',
        },
      ],
    };
    expect(() => normaliseTaskConditions(bad, 'task "t"', ['p'])).toThrow('does not compile');
  });
});

describe('task conditions in the engine', () => {
  const fx = useClockedEngineFixture();

  /** start → review (waits 1h) → small (skipped when start's amount > 100) → after-small. */
  const order = {
    name: 'order',
    tasks: [
      { readableId: 'start', actionId: 'order:start' },
      {
        readableId: 'review',
        actionId: 'order:review',
        parents: ['start'],
        conditions: {
          sleeps: [{ readableDataKey: 'pause', action: 'QUEUE', orGroupId: 'a', sleepFor: '1h' }],
        },
      },
      {
        readableId: 'small',
        actionId: 'order:small',
        parents: ['review', 'start'],
        conditions: {
          parents: [
            {
              readableDataKey: '',
              action: 'SKIP',
              orGroupId: 'b',
              parentReadableId: 'start',
              expression: 'output.amount > 100',
            },
          ],
        },
      },
      { readableId: 'after-small', actionId: 'order:after-small', parents: ['small'] },
    ],
  };

  const runResult = (engine: Engine, runId: string) =>
    new Promise<RunResult>((resolve) => void engine.subscribeToRun(fx.tenantId, runId, resolve));

  const taskRows = async (runId: string) =>
    (
      await fx.db.query<{ readableId: string; status: string; skipped: boolean; output: unknown }>(
        `SELECT readable_id AS "readableId", status, skipped, output FROM tasks
          WHERE run_id = $1 ORDER BY id`,
        [runId],
      )
    ).rows;

  const eventTypes = async (runId: string, readableId: string) =>
    (
      await fx.db.query<{ eventType: string; message: string }>(
        `SELECT e.event_type AS "eventType", e.message FROM task_events e
           JOIN tasks t ON t.id = e.task_id
          WHERE t.run_id = $1 AND t.readable_id = $2 ORDER BY e.id`,
        [runId, readableId],
      )
    ).rows;

  it('holds a waiting task across a restart until its sleep ends, then skips by parent output and cascades', async () => {
    let engine = await fx.engine();
    await engine.putWorkflow(fx.tenantId, order);
    let worker = await new TestWorker(engine, fx.tenantId).connect([
      'order:start',
      'order:review',
      'order:small',
      'order:after-small',
    ]);
    const [runId] = await engine.trigger(fx.tenantId, [{ workflowName: 'order' }]);
    await worker.complete(await worker.start('order:start'), { amount: 500 });
    await expect
      .poll(async () => (await taskRows(runId!)).find((t) => t.readableId === 'review')?.status)
      .toBe('PENDING');
    const review = (await taskRows(runId!)).find((t) => t.readableId === 'review')!;
    expect(review).toMatchObject({ skipped: false });
    const waiting = await engine.whyWaiting(
      fx.tenantId,
      (
        await fx.db.query<{ externalId: string }>(
          `SELECT external_id AS "externalId" FROM tasks WHERE run_id = $1 AND readable_id = 'review'`,
          [runId],
        )
      ).rows[0]!.externalId,
    );
    expect(waiting).toMatchObject({ reason: 'CONDITIONS', waitingFor: [['1h to pass']] });
    expect(waiting.message).toContain('The task waits for 1h to pass');

    // The sleep is the database's: a restart after it ended reads it back as due.
    worker.close();
    await engine.close();
    fx.clock.now += 3_600_000;
    engine = await fx.engine();
    worker = await new TestWorker(engine, fx.tenantId).connect([
      'order:review',
      'order:small',
      'order:after-small',
    ]);
    const result = runResult(engine, runId!);
    await worker.complete(await worker.start('order:review'), { ok: true });
    expect(await result).toMatchObject({ status: 'COMPLETED' });
    expect(await taskRows(runId!)).toEqual([
      { readableId: 'start', status: 'COMPLETED', skipped: false, output: { amount: 500 } },
      { readableId: 'review', status: 'COMPLETED', skipped: false, output: { ok: true } },
      { readableId: 'small', status: 'COMPLETED', skipped: true, output: { skipped: true } },
      { readableId: 'after-small', status: 'COMPLETED', skipped: true, output: { skipped: true } },
    ]);
    expect(await eventTypes(runId!, 'small')).toEqual([
      { eventType: 'SKIPPED', message: 'Skipped: its skip_if conditions were met' },
    ]);
    expect(await eventTypes(runId!, 'after-small')).toEqual([
      { eventType: 'SKIPPED', message: 'Skipped because all its parents were skipped' },
    ]);
    // Neither skipped task was ever sent to the worker.
    expect(worker.actions.filter((a) => a.actionId === 'order:small')).toEqual([]);
  });

  /** One root task: it runs on `order:go` and is cancelled by `order:abort`. */
  const gated = {
    name: 'gated',
    tasks: [
      {
        readableId: 'ship',
        actionId: 'gated:ship',
        conditions: {
          events: [
            {
              readableDataKey: 'go',
              action: 'QUEUE',
              orGroupId: 'q',
              eventKey: 'order:go',
              expression: "input.id == 'a'",
            },
            { readableDataKey: 'abort', action: 'CANCEL', orGroupId: 'c', eventKey: 'order:abort' },
          ],
        },
      },
    ],
  };

  it('starts a root task on its event, and cancels another on its cancel event', async () => {
    const engine = await fx.engine();
    await engine.putWorkflow(fx.tenantId, gated);
    const worker = await new TestWorker(engine, fx.tenantId).connect(['gated:ship']);
    const [goes] = await engine.trigger(fx.tenantId, [{ workflowName: 'gated' }]);
    const goesResult = runResult(engine, goes!);
    // An event its expression refuses leaves it waiting.
    await engine.pushEvents(fx.tenantId, [{ key: 'order:go', payload: { id: 'b' } }]);
    expect(worker.actions).toEqual([]);
    await engine.pushEvents(fx.tenantId, [{ key: 'order:go', payload: { id: 'a' } }]);
    const ship = await worker.start('gated:ship');
    // A second run waits too (the go before it does not count: no lookback); the abort
    // cancels it, not the first, which is running.
    const [cancelled] = await engine.trigger(fx.tenantId, [{ workflowName: 'gated' }]);
    const cancelledResult = runResult(engine, cancelled!);
    await engine.pushEvents(fx.tenantId, [{ key: 'order:abort', payload: {} }]);
    await worker.complete(ship, { shipped: true });
    expect(await goesResult).toMatchObject({ status: 'COMPLETED' });
    expect(await cancelledResult).toMatchObject({ status: 'CANCELLED' });
    expect(await eventTypes(cancelled!, 'ship')).toEqual([
      { eventType: 'CANCELLED', message: 'Cancelled: its cancel_if conditions were met' },
    ]);
  });

  it('counts the conditions again when a run is replayed', async () => {
    const engine = await fx.engine();
    await engine.putWorkflow(fx.tenantId, gated);
    const worker = await new TestWorker(engine, fx.tenantId).connect(['gated:ship']);
    const [runId] = await engine.trigger(fx.tenantId, [{ workflowName: 'gated' }]);
    let result = runResult(engine, runId!);
    await engine.pushEvents(fx.tenantId, [{ key: 'order:go', payload: { id: 'a' } }]);
    await worker.complete(await worker.start('gated:ship'), { n: 1 });
    expect(await result).toMatchObject({ status: 'COMPLETED' });

    await engine.replay(fx.tenantId, [runId!]);
    result = runResult(engine, runId!);
    // Waiting again: the earlier event does not count (it has no lookback).
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(worker.actions.filter((a) => a.kind === 'START')).toHaveLength(1);
    await engine.pushEvents(fx.tenantId, [{ key: 'order:go', payload: { id: 'a' } }]);
    await worker.complete(await worker.start('gated:ship', 2), { n: 2 });
    expect(await result).toMatchObject({ status: 'COMPLETED' });
  });
  it('closes the gate of a waiting task that is cancelled: its event then starts nothing', async () => {
    const engine = await fx.engine();
    await engine.putWorkflow(fx.tenantId, gated);
    const worker = await new TestWorker(engine, fx.tenantId).connect(['gated:ship']);
    const [runId] = await engine.trigger(fx.tenantId, [{ workflowName: 'gated' }]);
    const result = runResult(engine, runId!);
    await engine.cancel(fx.tenantId, [runId!]);
    expect(await result).toMatchObject({ status: 'CANCELLED' });
    const gate = async () =>
      (
        await fx.db.query<{ closed: boolean; decided: boolean }>(
          `SELECT n.superseded_at IS NOT NULL AS closed, n.satisfied_at IS NOT NULL AS decided
             FROM durable_nodes n JOIN tasks t ON t.id = n.task_id WHERE t.run_id = $1`,
          [runId],
        )
      ).rows;
    expect(await gate()).toEqual([{ closed: true, decided: false }]);
    await engine.pushEvents(fx.tenantId, [{ key: 'order:go', payload: { id: 'a' } }]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(worker.actions).toEqual([]);
    expect(await gate()).toEqual([{ closed: true, decided: false }]);
  });
});
