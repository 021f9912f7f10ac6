/**
 * Batch tasks in the scheduler, on a controlled clock: collecting until full or until the
 * interval runs out, one slot and one START_BATCH per batch, a key's running batches capped,
 * members' events, and a restart that counts a running batch's slot once.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { useClockedEngineFixture } from '../test/engine-fixture';
import { TestWorker } from '../test/test-worker';
import { batchesOf, normaliseBatch } from './batches';
import type { Engine } from './engine';
import type { AssignedActionData } from './types';
import type { BatchInput } from './batches';
import type { WorkflowDefinitionInput } from './workflow-definition';

describe('batch settings', () => {
  it('checks what PutWorkflow sends', () => {
    expect(
      normaliseBatch({ maxSize: 3, maxIntervalMs: 200, groupKey: 'input.g' }, 't', false),
    ).toEqual({ maxSize: 3, maxIntervalMs: 200, groupKey: 'input.g', groupMaxRuns: null });
    expect(normaliseBatch(undefined, 't', false)).toBeNull();
    expect(() => normaliseBatch({ maxSize: 0 }, 't', false)).toThrow('maximum size');
    expect(() => normaliseBatch({ maxSize: 2, groupMaxRuns: 1.5 }, 't', false)).toThrow(
      'group max runs',
    );
    expect(() => normaliseBatch({ maxSize: 2, groupKey: 'input.' }, 't', false)).toThrow(
      'does not compile',
    );
    expect(() => normaliseBatch({ maxSize: 2 }, 't', true)).toThrow('durable');
  });

  it('works out each run’s batch key from its input, or refuses the run', () => {
    const batch = normaliseBatch({ maxSize: 2, groupKey: 'input.customer' }, 't', false);
    const steps = [{ readableId: 'a', batch }];
    expect(batchesOf(steps, { customer: 42 }, {})).toEqual({
      ok: true,
      batches: new Map([['a', { key: '42', maxSize: 2, maxIntervalMs: null, groupMaxRuns: null }]]),
    });
    expect(batchesOf(steps, {}, {}).ok).toBe(false);
  });
});

describe('batches in the engine', () => {
  const fx = useClockedEngineFixture();
  let tenantId: string;
  beforeEach(() => {
    tenantId = fx.tenantId;
  });

  const batched = (batch: BatchInput): WorkflowDefinitionInput => ({
    name: 'bulk',
    tasks: [{ readableId: 'bulk', actionId: 'bulk:bulk', batch }],
  });
  const other: WorkflowDefinitionInput = {
    name: 'other',
    tasks: [{ readableId: 'other', actionId: 'other:other' }],
  };
  const trigger = (engine: Engine, inputs: Record<string, unknown>[]) =>
    engine.trigger(
      tenantId,
      inputs.map((input) => ({ workflowName: 'bulk', input })),
    );
  const batches = (worker: TestWorker) => worker.actions.filter((a) => a.kind === 'START_BATCH');
  const members = (action: AssignedActionData) =>
    JSON.parse(action.payload) as Record<
      string,
      { payload: { input: unknown }; workflow_run_id: string }
    >;
  const taskOf = async (engine: Engine, runId: string) =>
    (await engine.getRunDetails(tenantId, runId)).tasks[0]!.externalId;
  const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

  /** The worker's handler returns for every member, as the SDK does. */
  async function finish(engine: Engine, worker: TestWorker, action: AssignedActionData) {
    const items = Object.keys(members(action)).map((id) => ({ taskExternalId: id, payload: '""' }));
    await engine.reportBatchEvent(tenantId, { workerId: worker.name, kind: 'STARTED', items });
    await engine.reportBatchEvent(tenantId, {
      workerId: worker.name,
      kind: 'COMPLETED',
      items: items.map((item) => ({
        ...item,
        payload: JSON.stringify({ done: item.taskExternalId }),
      })),
    });
  }

  it('collects until full, then sends one action with every member in one slot', async () => {
    const engine = await fx.engine();
    await engine.putWorkflow(tenantId, batched({ maxSize: 3, maxIntervalMs: 60_000 }));
    const worker = await new TestWorker(engine, tenantId).connect(['bulk:bulk'], 1);
    const runs = await trigger(engine, [{ n: 1 }, { n: 2 }]);
    await settle();
    expect(batches(worker)).toHaveLength(0);
    expect(await engine.whyWaiting(tenantId, await taskOf(engine, runs[0]!))).toMatchObject({
      reason: 'BATCH_COLLECTING',
      key: '',
      size: 2,
      maxSize: 3,
      dueAt: new Date(fx.clock.now + 60_000),
    });
    runs.push(...(await trigger(engine, [{ n: 3 }])));
    const [action] = await worker.waitFor((a) => a.kind === 'START_BATCH');
    expect(action!.batch).toMatchObject({ size: 3, trigger: 'MAX_SIZE', key: '' });
    const byId = members(action!);
    // In queue order, each with its own input and run.
    expect(Object.values(byId).map((m) => m.payload.input)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(Object.values(byId).map((m) => m.workflow_run_id)).toEqual(runs);
    await finish(engine, worker, action!);
    for (const [i, runId] of runs.entries()) {
      const run = await engine.getRunDetails(tenantId, runId);
      expect(run.status).toBe('COMPLETED');
      expect(run.tasks[0]!.output).toEqual({ done: Object.keys(byId)[i] });
    }
  });

  it('sends a partial batch when its first member has waited the interval out', async () => {
    const engine = await fx.engine();
    await engine.putWorkflow(tenantId, batched({ maxSize: 10, maxIntervalMs: 1_000 }));
    await engine.putWorkflow(tenantId, other);
    const worker = await new TestWorker(engine, tenantId).connect(['bulk:bulk', 'other:other'], 5);
    await trigger(engine, [{ n: 1 }, { n: 2 }]);
    await settle();
    expect(batches(worker)).toHaveLength(0);
    fx.clock.now += 1_000;
    // Any tick sees the interval out (the deadline timer would bring one).
    await engine.trigger(tenantId, [{ workflowName: 'other' }]);
    const [action] = await worker.waitFor((a) => a.kind === 'START_BATCH');
    expect(action!.batch).toMatchObject({ size: 2, trigger: 'MAX_INTERVAL' });
  });

  it('batches per key, and caps the batches of a key running at once', async () => {
    const engine = await fx.engine();
    await engine.putWorkflow(
      tenantId,
      batched({ maxSize: 2, groupKey: 'input.customer', groupMaxRuns: 1 }),
    );
    const worker = await new TestWorker(engine, tenantId).connect(['bulk:bulk'], 10);
    const runs = await trigger(
      engine,
      ['a', 'b', 'a', 'a', 'b', 'a'].map((customer) => ({ customer })),
    );
    await worker.waitFor((a) => a.kind === 'START_BATCH', 2);
    await settle();
    const [first, second] = batches(worker);
    expect(batches(worker)).toHaveLength(2);
    expect(new Set([first!.batch!.key, second!.batch!.key])).toEqual(new Set(['a', 'b']));
    const customerOf = (a: AssignedActionData) =>
      Object.values(members(a)).map((m) => (m.payload.input as { customer: string }).customer);
    expect(customerOf(first!)).toEqual([first!.batch!.key, first!.batch!.key]);
    // Key a's second batch is full but waits for its first.
    const aBatch = first!.batch!.key === 'a' ? first! : second!;
    const lastA = await taskOf(engine, runs[5]!);
    expect(await engine.whyWaiting(tenantId, lastA)).toMatchObject({
      reason: 'BATCH_GROUP_BUSY',
      key: 'a',
      running: 1,
      limit: 1,
    });
    await finish(engine, worker, aBatch);
    const [third] = (await worker.waitFor((a) => a.kind === 'START_BATCH', 3)).slice(2);
    expect(third!.batch!.key).toBe('a');
    expect(Object.keys(members(third!))).toContain(lastA);
  });

  it('fails or cancels each member as the batch event says, only for the worker holding them', async () => {
    const engine = await fx.engine();
    await engine.putWorkflow(tenantId, batched({ maxSize: 2 }));
    const worker = await new TestWorker(engine, tenantId).connect(['bulk:bulk'], 10);
    const runs = await trigger(engine, [{}, {}, {}, {}]);
    const [one, two] = await worker.waitFor((a) => a.kind === 'START_BATCH', 2);
    const items = (a: AssignedActionData) =>
      Object.keys(members(a)).map((id) => ({ taskExternalId: id, payload: '""' }));
    await expect(
      engine.reportBatchEvent(tenantId, {
        workerId: 'someone-else',
        kind: 'STARTED',
        items: items(one!),
      }),
    ).rejects.toMatchObject({ code: 'FAILED_PRECONDITION' });
    await engine.reportBatchEvent(tenantId, {
      workerId: worker.name,
      kind: 'FAILED',
      items: items(one!).map((i) => ({ ...i, payload: JSON.stringify({ message: 'broke' }) })),
    });
    await engine.reportBatchEvent(tenantId, {
      workerId: worker.name,
      kind: 'CANCELLED',
      items: items(two!),
    });
    const statuses = await Promise.all(
      runs.map(async (id) => (await engine.getRunDetails(tenantId, id)).status),
    );
    expect(statuses.sort()).toEqual(['CANCELLED', 'CANCELLED', 'FAILED', 'FAILED']);
  });

  it('after a restart, a running batch still holds one slot, not one per member', async () => {
    const engine = await fx.engine();
    await engine.putWorkflow(tenantId, batched({ maxSize: 2 }));
    const worker = await new TestWorker(engine, tenantId).connect(['bulk:bulk'], 2);
    await trigger(engine, [{}, {}]);
    const [running] = await worker.waitFor((a) => a.kind === 'START_BATCH');
    await engine.close();

    const restarted = await fx.engine();
    // The same worker comes back on its id, as the SDK's listener reconnects.
    const again = new TestWorker(restarted, tenantId, worker.name);
    again.id = worker.id;
    await restarted.attachWorkerStream(tenantId, worker.id, again);
    // The second slot is free: the next batch takes it; the one after waits for a slot.
    await trigger(restarted, [{}, {}]);
    await again.waitFor((a) => a.kind === 'START_BATCH');
    const waitingRuns = await trigger(restarted, [{}, {}]);
    await settle();
    expect(batches(again)).toHaveLength(1);
    expect(
      await restarted.whyWaiting(tenantId, await taskOf(restarted, waitingRuns[0]!)),
    ).toMatchObject({ reason: 'NO_FREE_SLOTS' });
    await finish(restarted, again, running!);
    await again.waitFor((a) => a.kind === 'START_BATCH', 2);
  });
});
