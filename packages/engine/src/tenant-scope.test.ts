import { describe, expect, it } from 'vitest';
import { useEngineFixture } from '../test/engine-fixture';
import { createTenant, TestWorker } from '../test/test-worker';
import type { Engine } from './engine';
import { shardOfTenant, TENANT_SHARDS, type TenantScope } from './tenant-scope';
import type { WorkflowDefinitionInput } from './workflow-definition';

const simple: WorkflowDefinitionInput = {
  name: 'simple',
  tasks: [{ readableId: 'simple', actionId: 'simple:simple' }],
};

/** Tenants until two fall in different shards. */
async function tenantsInTwoShards(db: Parameters<typeof createTenant>[0]) {
  const first = await createTenant(db);
  for (;;) {
    const second = await createTenant(db);
    if (shardOfTenant(second) !== shardOfTenant(first)) return [first, second] as const;
  }
}

/** A queued run, a running one (its worker's slot held), a cron and a scheduled run. */
async function giveWork(engine: Engine, tenantId: string): Promise<void> {
  await engine.putWorkflow(tenantId, simple);
  const worker = await new TestWorker(engine, tenantId).connect(['simple:simple'], 1);
  await engine.trigger(tenantId, [{ workflowName: 'simple' }, { workflowName: 'simple' }]);
  await worker.report(await worker.start('simple:simple'), 'STARTED', '""');
  worker.close();
  await addTimedTriggers(engine, tenantId);
}

/** A cron and a run scheduled in a minute, of the `simple` workflow. */
async function addTimedTriggers(engine: Engine, tenantId: string): Promise<void> {
  const empty = { input: {}, additionalMetadata: {} };
  await engine.timedTriggers.createCron(tenantId, 'simple', {
    name: 'nightly',
    expression: '0 3 * * *',
    ...empty,
  });
  await engine.timedTriggers.schedule(tenantId, 'simple', {
    triggerAt: new Date(Date.now() + 60_000),
    ...empty,
  });
}

describe('tenant scopes', () => {
  const fx = useEngineFixture();

  it('compute the same shard in the database as in the engine', async () => {
    const ids = await Promise.all(Array.from({ length: 40 }, () => createTenant(fx.db)));
    const { rows } = await fx.db.query<{ id: string; shard: number }>(
      `SELECT id, get_byte(uuid_send(id), 15) % ${TENANT_SHARDS} AS shard
         FROM tenants WHERE id = ANY($1::uuid[])`,
      [ids],
    );
    expect(rows).toHaveLength(ids.length);
    for (const row of rows) expect(row.shard).toBe(shardOfTenant(row.id));
  });

  it('recover and scan only their own tenants: two engines split one database', async () => {
    const [a, b] = await tenantsInTwoShards(fx.db);
    const everything = await fx.engine();
    await giveWork(everything, a);
    await giveWork(everything, b);
    await everything.close();
    const both = { queued: 2, running: 2, workers: 2, crons: 2, schedules: 2 };
    expect((await fx.engine()).stats()).toEqual(both);

    const scoped = async (tenantId: string) => {
      const scope: TenantScope = { shard: shardOfTenant(tenantId) };
      return (await fx.engine({ scope })).stats();
    };
    const one = { queued: 1, running: 1, workers: 1, crons: 1, schedules: 1 };
    expect(await scoped(a)).toEqual(one);
    expect(await scoped(b)).toEqual(one);
    // A shard of neither tenant: nothing at all.
    const shards = new Set([shardOfTenant(a), shardOfTenant(b)]);
    const other = [...Array(TENANT_SHARDS).keys()].find((shard) => !shards.has(shard))!;
    expect((await fx.engine({ scope: { shard: other } })).stats()).toEqual({
      queued: 0,
      running: 0,
      workers: 0,
      crons: 0,
      schedules: 0,
    });
  });

  it("take only their own tenants' crons and scheduled runs from another process's notices", async () => {
    const [a, b] = await tenantsInTwoShards(fx.db);
    // Hears every notice and keeps everything: once it holds all, every engine has heard.
    const everything = await fx.engine();
    const engineA = await fx.engine({ scope: { shard: shardOfTenant(a) } });
    const engineB = await fx.engine({ scope: { shard: shardOfTenant(b) } });
    // Each tenant's workflow and triggers are made by its own engine; the others hear of them.
    for (const [engine, tenantId] of [
      [engineA, a],
      [engineB, b],
    ] as const) {
      await engine.putWorkflow(tenantId, simple);
      await addTimedTriggers(engine, tenantId);
    }
    await until(() => {
      const { crons, schedules } = everything.stats();
      return crons === 2 && schedules === 2;
    });
    expect(engineA.stats()).toMatchObject({ crons: 1, schedules: 1 });
    expect(engineB.stats()).toMatchObject({ crons: 1, schedules: 1 });
  });
});

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}
