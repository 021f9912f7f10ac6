import { beforeEach, describe, expect, it } from 'vitest';
import { useEngineFixture } from '../test/engine-fixture';
import { TestWorker } from '../test/test-worker';
import type { Engine } from './engine';
import { labelScore, normaliseDesiredLabels } from './placement';

describe('worker labels', () => {
  const labels = normaliseDesiredLabels(
    {
      gpu: { strValue: 'a100', required: true },
      memory: { intValue: 2048, comparator: 'GREATER_THAN_OR_EQUAL', weight: 10 },
      region: { strValue: 'eu', weight: 5 },
    },
    'task "a"',
  );

  it('drops a worker without a required label and adds up the weights of the rest', () => {
    expect(labelScore({ memory: 4096, region: 'eu' }, labels)).toBeUndefined();
    expect(labelScore({ gpu: 'a100', memory: 4096, region: 'eu' }, labels)).toBe(115);
    expect(labelScore({ gpu: 'a100', memory: 1024, region: 'us' }, labels)).toBe(100);
  });

  it('refuses a label without a value or with an unknown comparator', () => {
    expect(() => normaliseDesiredLabels({ gpu: {} }, 't')).toThrow('has no value');
    expect(() =>
      normaliseDesiredLabels({ gpu: { intValue: 1, comparator: 'ABOUT' } }, 't'),
    ).toThrow('unknown comparator');
  });
});

describe('placement in the engine', () => {
  const fx = useEngineFixture();
  let tenantId: string;
  let engine: Engine;

  beforeEach(async () => {
    tenantId = fx.tenantId;
    engine = await fx.engine();
  });

  async function worker(name: string, actions: string[], slots: number, labels = {}) {
    const w = await new TestWorker(engine, tenantId, name).connect(actions, slots);
    await engine.upsertWorkerLabels(tenantId, w.id, labels);
    return w;
  }

  const starts = (w: TestWorker) => w.actions.filter((a) => a.kind === 'START');
  const taskOf = async (runId: string) =>
    (await engine.getRunDetails(tenantId, runId)).tasks[0]!.externalId;

  it('sends a task that requires a label only to a worker carrying it; the rest go on', async () => {
    await engine.putWorkflow(tenantId, {
      name: 'render',
      tasks: [
        {
          readableId: 'render',
          actionId: 'render:render',
          desiredLabels: { gpu: { strValue: 'yes', required: true } },
        },
      ],
    });
    await engine.putWorkflow(tenantId, {
      name: 'plain',
      tasks: [{ readableId: 'plain', actionId: 'render:render' }],
    });
    const cpu = await worker('cpu', ['render:render'], 5);
    const gpu = await worker('gpu', ['render:render'], 1, { gpu: 'yes' });
    const [first, second] = await engine.trigger(tenantId, [
      { workflowName: 'render' },
      { workflowName: 'render' },
    ]);
    const [plain] = await engine.trigger(tenantId, [{ workflowName: 'plain' }]);
    await gpu.waitFor((a) => a.kind === 'START');
    await cpu.waitFor((a) => a.kind === 'START' && a.workflowRunId === plain);
    expect(starts(gpu).map((a) => a.workflowRunId)).toEqual([first]);
    expect(starts(cpu).map((a) => a.workflowRunId)).toEqual([plain]);
    expect((await engine.whyWaiting(tenantId, await taskOf(second!))).reason).toBe('NO_FREE_SLOTS');
    await gpu.complete(starts(gpu)[0]!, {});
    await gpu.waitFor((a) => a.kind === 'START' && a.workflowRunId === second);
  });

  it('prefers the worker whose labels weigh most', async () => {
    await engine.putWorkflow(tenantId, {
      name: 'near',
      tasks: [
        {
          readableId: 'near',
          actionId: 'near:near',
          desiredLabels: { region: { strValue: 'eu', weight: 50 } },
        },
      ],
    });
    const us = await worker('us', ['near:near'], 10, { region: 'us' });
    const eu = await worker('eu', ['near:near'], 2, { region: 'eu' });
    await engine.trigger(tenantId, [{ workflowName: 'near' }, { workflowName: 'near' }]);
    await eu.waitFor((a) => a.kind === 'START', 2);
    expect(starts(us)).toHaveLength(0);
  });

  it('keeps a HARD sticky DAG on the worker of its first task', async () => {
    await engine.putWorkflow(tenantId, {
      name: 'sticky',
      sticky: 'HARD',
      tasks: [
        { readableId: 'one', actionId: 'sticky:one' },
        { readableId: 'two', actionId: 'sticky:two', parents: ['one'] },
      ],
    });
    const a = await worker('a', ['sticky:one', 'sticky:two'], 1);
    const b = await worker('b', ['sticky:one', 'sticky:two'], 10);
    const [runId] = await engine.trigger(tenantId, [{ workflowName: 'sticky' }]);
    const one = await Promise.race([a.start('sticky:one'), b.start('sticky:one')]);
    const [first, other] = starts(a).length > 0 ? [a, b] : [b, a];
    // Fill the first worker's other slots with nothing: it has room again once `one` ends.
    await first.complete(one, {});
    await first.waitFor((x) => x.kind === 'START' && x.actionId === 'sticky:two');
    expect(starts(other)).toHaveLength(0);
    expect((await engine.getRunDetails(tenantId, runId!)).status).not.toBe('FAILED');
  });

  it('runs a task on the worker a trigger names: HARD waits for it, SOFT goes elsewhere', async () => {
    for (const sticky of ['HARD', 'SOFT'] as const) {
      await engine.putWorkflow(tenantId, {
        name: `pinned-${sticky}`,
        sticky,
        tasks: [{ readableId: 'pinned', actionId: `pinned-${sticky}:pinned` }],
      });
    }
    const actions = ['pinned-HARD:pinned', 'pinned-SOFT:pinned'];
    const busy = await worker('busy', actions, 1);
    const free = await worker('free', actions, 10);
    // Occupy the desired worker's only slot.
    const [blocker] = await engine.trigger(tenantId, [
      { workflowName: 'pinned-HARD', desiredWorkerId: busy.id },
    ]);
    await busy.waitFor((a) => a.workflowRunId === blocker);
    const [hard] = await engine.trigger(tenantId, [
      { workflowName: 'pinned-HARD', desiredWorkerId: busy.id },
    ]);
    const [soft] = await engine.trigger(tenantId, [
      { workflowName: 'pinned-SOFT', desiredWorkerId: busy.id },
    ]);
    await free.waitFor((a) => a.workflowRunId === soft);
    expect(starts(free).some((a) => a.workflowRunId === hard)).toBe(false);
    expect(await engine.whyWaiting(tenantId, await taskOf(hard!))).toMatchObject({
      reason: 'STICKY_WORKER_BUSY',
      workerId: busy.id,
    });
    await busy.complete(starts(busy)[0]!, {});
    await busy.waitFor((a) => a.workflowRunId === hard);
  });

  it('says why a task waits when no worker carries its required labels, or its worker is paused', async () => {
    await engine.putWorkflow(tenantId, {
      name: 'train',
      tasks: [
        {
          readableId: 'train',
          actionId: 'train:train',
          desiredLabels: { gpu: { strValue: 'h100', required: true } },
        },
      ],
    });
    const cpu = await worker('cpu', ['train:train'], 5, { gpu: 'none' });
    const [labelled] = await engine.trigger(tenantId, [{ workflowName: 'train' }]);
    const task = await taskOf(labelled!);
    await expect
      .poll(() => engine.whyWaiting(tenantId, task))
      .toMatchObject({
        reason: 'NO_MATCHING_WORKER',
        actionId: 'train:train',
        labels: ['gpu EQUAL h100'],
      });
    expect(starts(cpu)).toHaveLength(0);

    await engine.putWorkflow(tenantId, {
      name: 'paused',
      tasks: [{ readableId: 'paused', actionId: 'paused:paused' }],
    });
    const only = await worker('only', ['paused:paused'], 5);
    await engine.setWorkerPaused(tenantId, only.id, true);
    const [held] = await engine.trigger(tenantId, [{ workflowName: 'paused' }]);
    await expect
      .poll(async () => engine.whyWaiting(tenantId, await taskOf(held!)))
      .toMatchObject({
        reason: 'NO_ACTIVE_WORKER',
        paused: 1,
      });
    await engine.setWorkerPaused(tenantId, only.id, false);
    await only.waitFor((a) => a.kind === 'START' && a.workflowRunId === held);
  });
});
