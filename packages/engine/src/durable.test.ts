/**
 * Durable tasks: what satisfies a wait, where a replaying invocation lands in the log, and,
 * on a controlled clock against a real database, a sleep held by the database across a
 * restart and an event that meets a wait in the tick that stores it.
 */
import { describe, expect, it } from 'vitest';
import { useClockedEngineFixture } from '../test/engine-fixture';
import { TestWorker } from '../test/test-worker';
import { normaliseWait, sleepPayload, waitOutcome } from './durable-conditions';
import { visit, type TaskLog } from './durable-log';
import type { Engine } from './engine';
import type { DurableCompletion } from './systems/durable';
import type { AssignedActionData } from './types';

describe('wait conditions', () => {
  const conditions = normaliseWait(
    [{ readableDataKey: 'nap', orGroupId: 'a', sleepFor: '90s' }],
    [
      { readableDataKey: 'paid', orGroupId: 'a', eventKey: 'order:paid' },
      { readableDataKey: 'shipped', orGroupId: 'b', eventKey: 'order:shipped' },
    ],
  );

  it('is satisfied once every or-group has a condition met, and says what met them', () => {
    expect(waitOutcome(conditions, {})).toBeUndefined();
    expect(waitOutcome(conditions, { 0: sleepPayload(90_000) })).toBeUndefined();
    expect(waitOutcome(conditions, { 0: sleepPayload(90_000), 2: { id: 1 } })).toEqual({
      CREATE: { nap: [{ sleep_duration: '1m30s' }], shipped: [{ id: 1 }] },
    });
  });

  it('writes durations as the SDK reads them, and refuses what it cannot wait for', () => {
    expect(sleepPayload(0)).toEqual({ sleep_duration: '0s' });
    expect(sleepPayload(3_600_000)).toEqual({ sleep_duration: '1h' });
    expect(() =>
      normaliseWait([{ readableDataKey: 'x', orGroupId: '', sleepFor: 'soon' }], []),
    ).toThrow('not a duration');
    expect(() =>
      normaliseWait(
        [],
        [{ readableDataKey: 'x', orGroupId: '', eventKey: 'k', expression: 'input.' }],
      ),
    ).toThrow('does not compile');
    expect(() => normaliseWait([], [])).toThrow('at least one condition');
  });
});

describe('replay', () => {
  it('answers a replaying invocation with the nodes in order, and refuses another course', () => {
    const log: TaskLog = { taskId: '1', tenantId: 't', nodes: [], branchId: 1, evicted: false };
    const memo = { kind: 'MEMO' as const, memoKey: 'a2V5' };
    const wait = { kind: 'WAIT_FOR' as const, conditions: [], label: null };
    expect(visit(log, 1, memo, 0)).toMatchObject({ created: true, node: { nodeId: 1 } });
    expect(visit(log, 1, wait, 0)).toMatchObject({ created: true, node: { nodeId: 2 } });
    // The second invocation reaches the same two nodes, then writes a third.
    expect(visit(log, 2, memo, 0)).toMatchObject({
      created: false,
      node: { nodeId: 1, visitedBy: 2 },
    });
    expect(visit(log, 2, wait, 0)).toMatchObject({ created: false, node: { nodeId: 2 } });
    expect(visit(log, 2, wait, 0)).toMatchObject({
      created: true,
      node: { nodeId: 3, invocation: 2 },
    });
    // A third that waits where a memo was, or memoizes other dependencies, cannot go on.
    expect(visit(log, 3, wait, 0)).toMatchObject({
      nondeterminism: expect.stringContaining('node 1'),
    });
    expect(visit(log, 3, { kind: 'MEMO', memoKey: 'b3RoZXI=' }, 0)).toMatchObject({
      nondeterminism: expect.stringContaining('a memo of other dependencies'),
    });
  });
});

describe('durable tasks in the engine', () => {
  const fx = useClockedEngineFixture();
  const sleeper = {
    name: 'sleeper',
    // Its attempt runs while it sleeps, so its execution timeout covers the sleep.
    tasks: [{ readableId: 'sleeper', actionId: 'sleeper:sleeper', isDurable: true, timeout: '3h' }],
  };

  /** A worker with durable slots, its DurableTask stream collecting completions. */
  async function durableWorker(engine: Engine, name = 'durable-worker', id?: string) {
    const worker = new TestWorker(engine, fx.tenantId, name);
    if (id) {
      worker.id = id;
      await engine.attachWorkerStream(fx.tenantId, id, worker);
    } else await worker.connect(['sleeper:sleeper'], 5, 'durable');
    const completions: DurableCompletion[] = [];
    engine.durable.attach(fx.tenantId, worker.id, { send: (c) => completions.push(c) });
    return { worker, completions };
  }

  const sleepFor = (engine: Engine, workerId: string, action: AssignedActionData, sleep: string) =>
    engine.durable.call(fx.tenantId, workerId, action.taskExternalId, action.durableInvocation!, {
      kind: 'WAIT_FOR',
      sleeps: [{ readableDataKey: 'nap', orGroupId: 'g', sleepFor: sleep }],
      events: [],
    });

  it('holds a sleep in the database across a restart, and gives the reconnected worker its end', async () => {
    const engine = await fx.engine();
    await engine.putWorkflow(fx.tenantId, sleeper);
    const { worker } = await durableWorker(engine);
    await engine.trigger(fx.tenantId, [{ workflowName: 'sleeper' }]);
    const [start] = await worker.waitFor((a) => a.kind === 'START');
    expect(start!.durableInvocation).toBe(1);
    await worker.report(start!, 'STARTED', '""');
    const answer = await sleepFor(engine, worker.id, start!, '1h');
    expect(answer).toMatchObject({ ok: true, ref: { nodeId: 1, invocation: 1 }, completions: [] });
    await engine.close();

    fx.clock.now += 3_600_000;
    const restarted = await fx.engine();
    await durableWorker(restarted, worker.name, worker.id);
    const ref = { taskExternalId: start!.taskExternalId, invocation: 1, branchId: 1, nodeId: 1 };
    // Read back as due at start and met in the first ticks, maybe before the worker's stream
    // was back: its next status report is answered with it.
    await expect
      .poll(() => restarted.durable.missed(fx.tenantId, worker.id, [ref]))
      .toEqual({
        completions: [{ ref, payload: { CREATE: { nap: [{ sleep_duration: '1h' }] } } }],
        stale: [],
      });
    // An invocation it no longer runs is named as over (the stream sends server_evict).
    const over = { ...ref, invocation: 7 };
    expect(await restarted.durable.missed(fx.tenantId, worker.id, [over])).toEqual({
      completions: [],
      stale: [over],
    });
  });

  it('gives no durable task to a worker whose DurableTask stream is reconnecting, until it is back', async () => {
    const engine = await fx.engine();
    await engine.putWorkflow(fx.tenantId, sleeper);
    const plain = { name: 'plain', tasks: [{ readableId: 'plain', actionId: 'plain:plain' }] };
    await engine.putWorkflow(fx.tenantId, plain);
    const worker = await new TestWorker(engine, fx.tenantId, 'reconnecting').connect(
      ['sleeper:sleeper'],
      5,
      'durable',
    );
    const other = await new TestWorker(engine, fx.tenantId, 'plain').connect(['plain:plain']);
    // Its stream opened and ended: the SDK drops what is sent until the new one is up.
    engine.durable.attach(fx.tenantId, worker.id, { send: () => {} })();
    const [sleeperRun] = await engine.trigger(fx.tenantId, [{ workflowName: 'sleeper' }]);
    await engine.trigger(fx.tenantId, [{ workflowName: 'plain' }]);
    // The later task went: the scheduler has been past the durable one, and held it back.
    await other.start('plain:plain');
    expect(worker.actions).toEqual([]);
    const { rows } = await fx.db.query<{ externalId: string }>(
      'SELECT external_id AS "externalId" FROM tasks WHERE run_id = $1',
      [sleeperRun],
    );
    expect(await engine.whyWaiting(fx.tenantId, rows[0]!.externalId)).toMatchObject({
      reason: 'DURABLE_STREAM_RECONNECTING',
      actionId: 'sleeper:sleeper',
    });

    engine.durable.attach(fx.tenantId, worker.id, { send: () => {} });
    const start = await worker.start('sleeper:sleeper');
    expect(start.durableInvocation).toBe(1);
  });

  it('meets a wait with the event stored in the same tick, when its expression accepts it', async () => {
    const engine = await fx.engine();
    await engine.putWorkflow(fx.tenantId, sleeper);
    const { worker, completions } = await durableWorker(engine);
    await engine.trigger(fx.tenantId, [{ workflowName: 'sleeper' }]);
    const [start] = await worker.waitFor((a) => a.kind === 'START');
    await engine.durable.call(fx.tenantId, worker.id, start!.taskExternalId, 1, {
      kind: 'WAIT_FOR',
      sleeps: [],
      events: [
        {
          readableDataKey: 'paid',
          orGroupId: 'g',
          eventKey: 'order:paid',
          expression: 'input.amount > 10',
        },
      ],
    });
    await engine.pushEvents(fx.tenantId, [{ key: 'order:paid', payload: { amount: 5 } }]);
    expect(completions).toEqual([]);
    await engine.pushEvents(fx.tenantId, [{ key: 'order:paid', payload: { amount: 50 } }]);
    expect(completions).toEqual([
      {
        ref: { taskExternalId: start!.taskExternalId, invocation: 1, branchId: 1, nodeId: 1 },
        payload: { CREATE: { paid: [{ amount: 50 }] } },
      },
    ]);
    // Another worker may not speak for the task.
    await expect(
      engine.durable.call(
        fx.tenantId,
        '00000000-0000-4000-8000-000000000000',
        start!.taskExternalId,
        1,
        {
          kind: 'MEMO',
          memoKey: new Uint8Array([1]),
        },
      ),
    ).rejects.toMatchObject({ code: 'FAILED_PRECONDITION' });
  });

  it('completes a spawned run’s node with its failure when the run fails', async () => {
    const engine = await fx.engine();
    await engine.putWorkflow(fx.tenantId, sleeper);
    await engine.putWorkflow(fx.tenantId, {
      name: 'child',
      tasks: [{ readableId: 'child', actionId: 'child:child' }],
    });
    const { worker, completions } = await durableWorker(engine);
    const childWorker = await new TestWorker(engine, fx.tenantId, 'child-worker').connect([
      'child:child',
    ]);
    await engine.trigger(fx.tenantId, [{ workflowName: 'sleeper' }]);
    const [start] = await worker.waitFor((a) => a.kind === 'START');
    const spawned = await engine.durable.spawn(fx.tenantId, worker.id, start!.taskExternalId, 1, [
      { workflowName: 'child', parentTaskExternalId: start!.taskExternalId, childIndex: 0 },
    ]);
    expect(spawned).toMatchObject({ ok: true, runs: [{ ref: { nodeId: 1 } }] });
    const [child] = await childWorker.waitFor((a) => a.kind === 'START');
    expect(child!.workflowRunId).toBe(spawned.ok && spawned.runs[0]!.runId);
    await childWorker.fail(child!, 'the child broke', true);
    await expect
      .poll(() => completions)
      .toEqual([
        {
          ref: { taskExternalId: start!.taskExternalId, invocation: 1, branchId: 1, nodeId: 1 },
          payload: null,
          failure: 'the child broke',
        },
      ]);
  });
  it('awaits the run holding a spawned child’s idempotency key instead of a run never made', async () => {
    const engine = await fx.engine();
    await engine.putWorkflow(fx.tenantId, sleeper);
    await engine.putWorkflow(fx.tenantId, {
      name: 'charge',
      tasks: [{ readableId: 'charge', actionId: 'charge:charge' }],
      idempotency: { expression: 'input.order', ttlMs: 60_000 },
    });
    const { worker, completions } = await durableWorker(engine);
    const charger = await new TestWorker(engine, fx.tenantId, 'charger').connect(['charge:charge']);
    await engine.trigger(fx.tenantId, [{ workflowName: 'sleeper' }]);
    const [start] = await worker.waitFor((a) => a.kind === 'START');
    const spawned = await engine.durable.spawn(
      fx.tenantId,
      worker.id,
      start!.taskExternalId,
      1,
      [0, 1].map((childIndex) => ({
        workflowName: 'charge',
        input: { order: 'o-1' },
        parentTaskExternalId: start!.taskExternalId,
        childIndex,
      })),
    );
    expect(spawned.ok).toBe(true);
    const runs = spawned.ok ? spawned.runs : [];
    // Both nodes await the one run the key allows.
    expect(runs[1]!.runId).toBe(runs[0]!.runId);
    await charger.complete(await charger.start('charge:charge'), { charged: true });
    await expect
      .poll(() => completions.map((c) => [c.ref.nodeId, c.payload]))
      .toEqual([
        [1, { charged: true }],
        [2, { charged: true }],
      ]);
    expect(charger.actions.filter((a) => a.kind === 'START')).toHaveLength(1);
  });
  it('branches an evicted task from a node: the nodes from there leave its log, and it comes back', async () => {
    const engine = await fx.engine();
    await engine.putWorkflow(fx.tenantId, sleeper);
    const { worker } = await durableWorker(engine);
    await engine.trigger(fx.tenantId, [{ workflowName: 'sleeper' }]);
    const [start] = await worker.waitFor((a) => a.kind === 'START');
    await worker.report(start!, 'STARTED', '""');
    await sleepFor(engine, worker.id, start!, '1h');
    const from = { taskExternalId: start!.taskExternalId, nodeId: 1, branchId: 0 };
    // Not while an attempt runs it.
    await expect(engine.durable.branch(fx.tenantId, from)).rejects.toMatchObject({
      code: 'FAILED_PRECONDITION',
    });
    await engine.durable.evict(fx.tenantId, worker.id, start!.taskExternalId, 1, 'napping');
    expect(await engine.durable.branch(fx.tenantId, from)).toEqual({ ...from, branchId: 2 });
    // Its next invocation starts at once (the hour-long sleep is no longer in its log) and
    // writes its first call in the new branch.
    const [again] = await worker.waitFor((a) => a.kind === 'START' && a.durableInvocation === 2);
    await worker.report(again!, 'STARTED', '""');
    expect(await sleepFor(engine, worker.id, again!, '1s')).toMatchObject({
      ok: true,
      ref: { invocation: 2, branchId: 2, nodeId: 1 },
    });
    await expect(engine.durable.branch(fx.tenantId, { ...from, nodeId: 5 })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
  });
});
