import { beforeEach, describe, expect, it } from 'vitest';
import { useEngineFixture } from '../test/engine-fixture';
import { createTenant, TestWorker } from '../test/test-worker';
import { claimsOf, normaliseConcurrency } from './concurrency';
import type { WorkflowDefinitionInput } from './workflow-definition';

describe('concurrency claims', () => {
  const source = (expression: string, maxRunsExpression?: string) => ({
    workflowName: 'wf',
    concurrency: normaliseConcurrency(
      [{ expression, maxRunsExpression, strategy: 'GROUP_ROUND_ROBIN' }],
      'wf',
    ),
    steps: [{ readableId: 'a', concurrency: [] }],
  });

  it('works out keys and limits from the input and metadata; numbers are keys too', () => {
    const outcome = claimsOf(
      source("input.customer + ':' + additional_metadata.env", "input.tier == 'p' ? 5 : 1"),
      { customer: 'acme', tier: 'p' },
      { env: 'prod' },
    );
    expect(outcome).toMatchObject({
      ok: true,
      claims: new Map([['a', [{ key: 'acme:prod', limit: 5, scope: 'WORKFLOW' }]]]),
    });
    const numeric = claimsOf(source('input.id'), { id: 42 }, {});
    expect(numeric.ok && numeric.claims.get('a')![0]!.key).toBe('42');
  });

  it('says why a key cannot be worked out', () => {
    const outcome = claimsOf(source('input.customer'), {}, {});
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.error).toContain('concurrency key "input.customer"');
    const badLimit = claimsOf(source('input.c', 'input.n'), { c: 'x', n: 0 }, {});
    expect(!badLimit.ok && badLimit.error).toContain('it must be at least 1');
  });

  it('refuses declarations that cannot work', () => {
    expect(() => normaliseConcurrency([{ expression: 'input.(' }], 'wf')).toThrow(
      'does not compile',
    );
    expect(() => normaliseConcurrency([{ expression: 'input.k', maxRuns: 0 }], 'wf')).toThrow(
      'max runs must be at least 1',
    );
    expect(() =>
      normaliseConcurrency([{ expression: 'input.k', tenantScoped: true }], 'wf'),
    ).toThrow('needs a name');
    expect(() => normaliseConcurrency([{ expression: 'input.k', strategy: 'NOPE' }], 'wf')).toThrow(
      'unknown strategy',
    );
    expect(
      normaliseConcurrency([{ expression: 'input.k', strategy: 'DROP_NEWEST' }], 'wf')[0],
    ).toMatchObject({ strategy: 'CANCEL_NEWEST', maxRuns: 1 });
  });
});

describe('concurrency in the engine', () => {
  const fx = useEngineFixture();
  let tenantId: string;
  beforeEach(() => {
    tenantId = fx.tenantId;
  });

  const perKey: WorkflowDefinitionInput = {
    name: 'per-key',
    tasks: [
      {
        readableId: 'work',
        actionId: 'per-key:work',
        concurrency: [{ expression: 'input.key', strategy: 'GROUP_ROUND_ROBIN' }],
      },
    ],
  };

  it('after a restart, a running task still holds its key and the queue behind it waits', async () => {
    const engine = await fx.engine();
    await engine.putWorkflow(tenantId, perKey);
    const worker = await new TestWorker(engine, tenantId).connect(['per-key:work'], 10);
    const ids = await engine.trigger(
      tenantId,
      ['k', 'k', 'other'].map((key) => ({ workflowName: 'per-key', input: { key } })),
    );
    const first = await worker.start('per-key:work');
    await worker.report(first, 'STARTED', '""');
    await worker.start('per-key:work', 2); // the other key's
    expect(worker.actions.filter((a) => a.kind === 'START')).toHaveLength(2);
    await engine.close();

    const restarted = await fx.engine();
    const again = await new TestWorker(restarted, tenantId, worker.name).connect(
      ['per-key:work'],
      10,
    );
    // Nothing new starts while the recovered attempt holds key "k".
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(again.actions.filter((a) => a.kind === 'START')).toHaveLength(0);
    await restarted.reportTaskEvent(tenantId, {
      taskExternalId: first.taskExternalId,
      retryCount: first.retryCount,
      workerId: worker.name,
      kind: 'COMPLETED',
      payload: '{}',
    });
    const second = await again.start('per-key:work');
    const run = await restarted.getRunDetails(tenantId, ids[1]!);
    expect(second.taskExternalId).toBe(run.tasks[0]!.externalId);
  });

  it('says why a queued task waits: no worker, a full key, full slots, a paused workflow', async () => {
    const engine = await fx.engine();
    const { workflowId } = await engine.putWorkflow(tenantId, perKey);
    const [a, b] = await engine.trigger(
      tenantId,
      ['k', 'k'].map((key) => ({ workflowName: 'per-key', input: { key } })),
    );
    const taskOf = async (runId: string) =>
      (await engine.getRunDetails(tenantId, runId)).tasks[0]!.externalId;
    const [taskA, taskB] = [await taskOf(a!), await taskOf(b!)];
    expect(await engine.whyWaiting(tenantId, taskA)).toMatchObject({
      reason: 'NO_WORKER',
      message: 'No worker is registered for per-key:work.',
    });
    const worker = await new TestWorker(engine, tenantId).connect(['per-key:work'], 1);
    await worker.start('per-key:work');
    expect(await engine.whyWaiting(tenantId, taskB)).toMatchObject({
      reason: 'CONCURRENCY',
      key: 'k',
      limit: 1,
      heldBy: [{ runId: a, taskExternalId: taskA }],
    });
    expect(await engine.whyWaiting(tenantId, taskA)).toMatchObject({ reason: 'NOT_QUEUED' });
    const [other] = await engine.trigger(tenantId, [
      { workflowName: 'per-key', input: { key: 'o' } },
    ]);
    expect(await engine.whyWaiting(tenantId, await taskOf(other!))).toMatchObject({
      reason: 'NO_FREE_SLOTS',
      slotType: 'default',
      workers: 1,
    });
    await engine.setWorkflowPaused(tenantId, workflowId, true);
    expect(await engine.whyWaiting(tenantId, taskB)).toMatchObject({ reason: 'WORKFLOW_PAUSED' });
    const otherTenant = await createTenant(fx.db);
    await expect(engine.whyWaiting(otherTenant, taskB)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
