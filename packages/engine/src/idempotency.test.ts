import { beforeEach, describe, expect, it } from 'vitest';
import { useClockedEngineFixture } from '../test/engine-fixture';
import { TestWorker } from '../test/test-worker';
import type { Engine } from './engine';
import { EngineError } from './errors';

describe('workflow idempotency', () => {
  const fx = useClockedEngineFixture();
  let engine: Engine;

  beforeEach(async () => {
    engine = await fx.engine();
    for (const method of ['TTL', 'STATUS']) {
      await engine.putWorkflow(fx.tenantId, {
        name: `once-${method.toLowerCase()}`,
        idempotency: { expression: 'input.id', ttlMs: 60_000, method },
        tasks: [{ readableId: 'once', actionId: `once-${method.toLowerCase()}:once` }],
      });
    }
  });

  const trigger = (workflowName: string, ...ids: string[]) =>
    engine.trigger(
      fx.tenantId,
      ids.map((id) => ({ workflowName, input: { id } })),
    );

  async function collision(call: Promise<unknown>): Promise<EngineError> {
    const error = await call.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).code).toBe('ALREADY_EXISTS');
    return error as EngineError;
  }

  it('refuses a second run with the same key until the TTL passes', async () => {
    const [first] = await trigger('once-ttl', 'a');
    const refused = await collision(trigger('once-ttl', 'a'));
    expect(refused.collisions!.collisions[0]!.existingRunId).toBe(first);
    expect(await trigger('once-ttl', 'b')).toHaveLength(1);
    fx.clock.now += 60_000;
    const [again] = await trigger('once-ttl', 'a');
    expect(again).not.toBe(first);
  });

  it('creates the rest of a bulk trigger and names its collisions, also within the request', async () => {
    const [held] = await trigger('once-ttl', 'x');
    const refused = await collision(trigger('once-ttl', 'x', 'y', 'y', 'z'));
    const { collisions, createdRunIds } = refused.collisions!;
    expect(createdRunIds).toHaveLength(2);
    expect(collisions.map((c) => c.existingRunId)).toEqual([held, createdRunIds[0]]);
    const created = await Promise.all(
      createdRunIds.map((id) => engine.getRunDetails(fx.tenantId, id)),
    );
    expect(created.map((r) => (r.input as { id: string }).id)).toEqual(['y', 'z']);
  });

  it('by STATUS, frees the key once the run finishes', async () => {
    const worker = await new TestWorker(engine, fx.tenantId).connect(['once-status:once']);
    const [first] = await trigger('once-status', 'k');
    await collision(trigger('once-status', 'k'));
    await worker.complete(await worker.start('once-status:once'), {});
    await expect
      .poll(async () => (await engine.getRunDetails(fx.tenantId, first!)).status)
      .toBe('COMPLETED');
    expect(await trigger('once-status', 'k')).toHaveLength(1);
  });

  it('refuses a declaration whose key does not compile, and a trigger whose key fails', async () => {
    await expect(
      engine.putWorkflow(fx.tenantId, {
        name: 'bad',
        idempotency: { expression: 'input.(', ttlMs: 1000 },
        tasks: [{ readableId: 'a', actionId: 'bad:a' }],
      }),
    ).rejects.toThrow('does not compile');
    await expect(
      engine.trigger(fx.tenantId, [{ workflowName: 'once-ttl', input: {} }]),
    ).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
  });
});
