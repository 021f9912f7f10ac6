import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '@trellis/db';
import { createTestDatabase } from '@trellis/db/testing';
import { createTenant } from '../test/test-worker';
import {
  ShardLeases,
  shardLeaseName,
  type ShardEnd,
  type ShardLeasesOptions,
} from './shard-leases';
import { releaseLease, renewLeases, takeLease } from './queries/lease.queries';
import { shardOfTenant, TENANT_SHARDS } from './tenant-scope';

const ALL = [...Array(TENANT_SHARDS).keys()];

/** A tenant id in `shard` (shardOfTenant reads its last byte). */
const tenantOfShard = (shard: number) =>
  `00000000-0000-4000-8000-0000000000${shard.toString(16).padStart(2, '0')}`;

describe('shard leases', () => {
  let db: Database;
  let drop: () => Promise<void>;
  const joined: ShardLeases[] = [];

  beforeEach(async () => {
    ({ db, drop } = await createTestDatabase({ migrate: true }));
  });
  afterEach(async () => {
    for (const leases of joined.splice(0)) await leases.stop();
    await drop();
  });

  /** A process joining: what it was given and what it gave up, as its engines would hear. */
  async function join(holder: string, options: Partial<ShardLeasesOptions> = {}) {
    const events: { shard: number; why: ShardEnd | 'gained' }[] = [];
    const fences = new Map<number, Parameters<ShardLeasesOptions['gained']>[1]>();
    const leases = await ShardLeases.join({
      db,
      holder,
      ttlMs: 600,
      addresses: { http: `${holder}:8080`, grpc: `${holder}:7070` },
      gained: async (shard, fence) => {
        fences.set(shard, fence);
        events.push({ shard, why: 'gained' });
      },
      ended: async (shard, why) => {
        events.push({ shard, why });
      },
      onError: () => {},
      ...options,
    });
    joined.push(leases);
    return { leases, events, fences };
  }

  const sorted = (shards: number[]) => [...shards].sort((a, b) => a - b);

  it('go all to a lone process, which schedules every shard fenced by its generation', async () => {
    const a = await join('a');
    expect(sorted(a.leases.shards())).toEqual(ALL);
    for (const shard of ALL) {
      await expect(db.transaction((tx) => a.fences.get(shard)!(tx))).resolves.toBeUndefined();
    }
    const tenantId = await createTenant(db);
    expect(await a.leases.homeOf(tenantId)).toEqual({ here: true });
  });

  it('are shared evenly once others join: each gives back what goes to the newcomers', async () => {
    const a = await join('a');
    const b = await join('b');
    await expect.poll(() => [a.leases.shards().length, b.leases.shards().length]).toEqual([8, 8]);
    const c = await join('c');
    await expect
      .poll(() => [a, b, c].map((p) => p.leases.shards().length).sort())
      .toEqual([5, 5, 6]);
    // Every shard exactly once.
    expect(sorted([a, b, c].flatMap((p) => p.leases.shards()))).toEqual(ALL);
    // What a gave back, its engines were told to stop first.
    const givenBack = a.events.filter((e) => e.why === 'rebalanced').map((e) => e.shard);
    expect(givenBack.length).toBe(TENANT_SHARDS - a.leases.shards().length);
    // Each process knows where the others' tenants are.
    const tenantId = await createTenant(db);
    const home = [a, b, c].find((p) => p.leases.shards().includes(shardOfTenant(tenantId)))!;
    for (const p of [a, b, c]) {
      expect(await p.leases.homeOf(tenantId)).toEqual(
        p === home
          ? { here: true }
          : {
              here: false,
              addresses: { http: `${home.leases.holder}:8080`, grpc: `${home.leases.holder}:7070` },
            },
      );
    }
  });

  it('are taken over from a process killed while holding them', async () => {
    // What a killed process leaves: its presence and its shards, no longer renewed.
    for (const name of ['member:dead', ...ALL.map(shardLeaseName)]) {
      await db.query(
        `INSERT INTO engine_leases (name, holder, generation, acquired_at, expires_at)
         VALUES ($1, 'dead', 1, now(), now() + interval '1 second')`,
        [name],
      );
    }
    const a = await join('a');
    expect(a.leases.shards()).toEqual([]);
    await expect.poll(() => a.leases.shards().length, { timeout: 10_000 }).toBe(TENANT_SHARDS);
    const { rows } = await db.query<{ holder: string; generation: string }>(
      `SELECT DISTINCT holder, generation FROM engine_leases WHERE name LIKE 'shard:%'`,
    );
    expect(rows).toEqual([{ holder: 'a', generation: '2' }]);
  });

  it('lost to another process stop their engine, whose fence refuses from then on', async () => {
    const a = await join('a');
    const shard = a.leases.shards()[0]!;
    await db.query(
      `UPDATE engine_leases SET holder = 'other', generation = generation + 1 WHERE name = $1`,
      [shardLeaseName(shard)],
    );
    await expect(db.transaction((tx) => a.fences.get(shard)!(tx))).rejects.toMatchObject({
      code: 'UNAVAILABLE',
    });
    expect(a.events).toContainEqual({ shard, why: 'lost' });
    expect(a.leases.shards()).not.toContain(shard);
    expect(await a.leases.homeOf(tenantOfShard(shard))).not.toEqual({ here: true });
  });

  it('lost while its engine starts, stop that engine once it has started', async () => {
    // Engines as the server keeps them: started when gained, stopped when ended.
    const running = new Set<number>();
    let lost = () => {};
    const lostSeen = new Promise<void>((resolve) => (lost = resolve));
    const a = await join('a', {
      gained: async (shard) => {
        if (shard === 0) {
          await db.query(
            `UPDATE engine_leases
                SET holder = 'other', generation = generation + 1,
                    expires_at = now() + interval '1 hour'
              WHERE name = $1`,
            [shardLeaseName(0)],
          );
          // Still recovering when the renewal finds the shard gone.
          await lostSeen;
        }
        running.add(shard);
      },
      ended: async (shard, why) => {
        if (shard === 0 && why === 'lost') lost();
        running.delete(shard);
      },
    });
    expect(a.leases.shards()).not.toContain(0);
    expect(running.has(0)).toBe(false);
    expect(running.size).toBe(TENANT_SHARDS - 1);
  });

  it('are handed over at once on a clean stop', async () => {
    // Long times to live, so that nothing here happens by a lease lapsing or a renewal's timer
    // (at a third of it, 20 s) but by what each process tells the other: with the default
    // 600 ms, a loaded machine once let a's leases lapse before it had shared them.
    const a = await join('a', { ttlMs: 60_000 });
    const b = await join('b', { ttlMs: 60_000 });
    await expect.poll(() => a.leases.shards().length, { timeout: 10_000 }).toBe(8);
    await a.leases.stop();
    joined.splice(joined.indexOf(a.leases), 1);
    expect(a.events.filter((e) => e.why === 'stopped').length).toBe(8);
    await expect.poll(() => b.leases.shards().length, { timeout: 10_000 }).toBe(TENANT_SHARDS);
  });

  it('are handed over at once on a clean stop that meets a renewal on its way', async () => {
    // a's renewal waits at a gate that opens when a deletes its presence, the worst moment for
    // it to land; or after 300 ms, if the stop waits for the renewal.
    let renewalSent = () => {};
    const sent = new Promise<void>((resolve) => (renewalSent = resolve));
    let openGate = () => {};
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    const gated: Database = {
      kind: db.kind,
      query: async (text, params) => {
        if (text.includes('DELETE FROM engine_leases WHERE name = $1')) openGate();
        if (text.includes('UPDATE engine_leases SET expires_at = now() +')) {
          renewalSent();
          await gate;
        }
        return db.query(text, params);
      },
      exec: (sql) => db.exec(sql),
      transaction: (work) => db.transaction(work),
      listen: (channel, onNotify) => db.listen(channel, onNotify),
      close: () => db.close(),
    };
    const a = await join('a', { db: gated });
    const b = await join('b', { ttlMs: 60_000 });
    await sent;
    setTimeout(openGate, 300);
    await a.leases.stop();
    joined.splice(joined.indexOf(a.leases), 1);
    // The late renewal revived neither a's presence nor its shards: b takes all of them at once,
    // not after a's time to live (b itself balances again only after 20 s; 10 s leaves a loaded
    // machine room, and that margin).
    await expect.poll(() => b.leases.shards().length, { timeout: 10_000 }).toBe(TENANT_SHARDS);
    await new Promise((resolve) => setTimeout(resolve, 400));
    const { rows } = await db.query(`SELECT name FROM engine_leases WHERE holder = 'a'`);
    expect(rows).toEqual([]);
  });

  it('released, are no longer renewed by their old holder, and a new take starts a generation', async () => {
    const a = await join('a');
    const shard = a.leases.shards()[0]!;
    const name = shardLeaseName(shard);
    const { rows } = await db.query<{ generation: string }>(
      `SELECT generation FROM engine_leases WHERE name = $1`,
      [name],
    );
    await releaseLease(db, name, 'a', rows[0]!.generation);
    expect(await renewLeases(db, 'a', [name], 600)).toEqual(new Set());
    const generation = await takeLease(db, name, 'a', 600, undefined);
    expect(Number(generation)).toBe(Number(rows[0]!.generation) + 1);
  });

  it('give a shard back when its engine cannot start, and another takes it', async () => {
    const failing = shardOfTenant(await createTenant(db));
    const a = await join('a', {
      gained: async (shard) => {
        if (shard === failing) throw new Error('recovery failed');
      },
    });
    expect(a.leases.shards()).not.toContain(failing);
    expect(a.leases.shards().length).toBe(TENANT_SHARDS - 1);
    const b = await join('b');
    await expect.poll(() => b.leases.shards()).toContain(failing);
  });
});
