import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '@trellis/db';
import { createTestDatabase } from '@trellis/db/testing';
import { Engine } from './engine';
import { EngineLease, type LeaseOptions } from './lease';
import { createTenant, TestWorker } from '../test/test-worker';

describe('the engine lease', () => {
  let db: Database;
  let drop: () => Promise<void>;
  const held: EngineLease[] = [];
  const engines: Engine[] = [];

  beforeEach(async () => {
    ({ db, drop } = await createTestDatabase({ migrate: true }));
  });
  afterEach(async () => {
    for (const engine of engines.splice(0)) await engine.close();
    for (const lease of held.splice(0)) await lease.release();
    await drop();
  });

  async function acquire(holder: string, options: Partial<LeaseOptions> = {}) {
    const lease = await EngineLease.acquire({
      db,
      holder,
      ttlMs: 600,
      retryEveryMs: 50,
      onLost: () => {},
      ...options,
    });
    held.push(lease);
    return lease;
  }

  /** Lets the current holder's time run out, as if it had been killed. */
  const expire = () =>
    db.query(`UPDATE engine_leases SET expires_at = now() - interval '1 second'`);

  it('goes to the first asker; the next waits, told who holds it, and takes it when released', async () => {
    const first = await acquire('a');
    expect(first.generation).toBe('1');
    const waiting: string[] = [];
    const second = acquire('b', { retryEveryMs: 60_000, onWaiting: (h) => waiting.push(h.holder) });
    await expect.poll(() => waiting).toEqual(['a']);
    // Renewed meanwhile: well past its time to live, it is still the first's.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await Promise.race([second.then(() => 'taken'), Promise.resolve('waiting')])).toBe(
      'waiting',
    );
    // A release is announced: the second takes it without waiting for its next try.
    await first.release();
    expect((await second).generation).toBe('2');
  });

  it('records where its holder serves, for the processes standing by to forward to', async () => {
    await acquire('a', { addresses: { http: '10.0.0.1:8080', grpc: '10.0.0.1:7070' } });
    expect(await EngineLease.current(db)).toMatchObject({
      holder: 'a',
      addresses: { http: '10.0.0.1:8080', grpc: '10.0.0.1:7070' },
    });
    await expire();
    await acquire('b');
    // A holder that gives no addresses leaves none of its predecessor's behind.
    expect(await EngineLease.current(db)).toMatchObject({ holder: 'b', addresses: undefined });
  });

  it('is taken over when its holder stops renewing, and the old holder is told it lost it', async () => {
    const lost: string[] = [];
    const first = await acquire('a', { onLost: (reason) => lost.push(reason) });
    await expire();
    const second = await acquire('b');
    expect(second.generation).toBe('2');
    // The old holder learns it at its next renewal, and its fence refuses from then on.
    await expect.poll(() => lost).toEqual(['another process took the engine lease']);
    await expect(db.transaction((tx) => first.fence(tx))).rejects.toMatchObject({
      code: 'UNAVAILABLE',
    });
    await expect(db.transaction((tx) => second.fence(tx))).resolves.toBeUndefined();
  });

  it('stops waiting when told to', async () => {
    await acquire('a');
    const stop = new AbortController();
    const waiting = acquire('b', { signal: stop.signal });
    stop.abort();
    await expect(waiting).rejects.toThrow();
  });

  it("fences the engine: a process that lost the lease commits no tick, and the new holder's engine carries on", async () => {
    const tenantId = await createTenant(db);
    const lost: string[] = [];
    const first = await acquire('a', { ttlMs: 60_000, onLost: (reason) => lost.push(reason) });
    const old = new Engine({ db, fence: (tx) => first.fence(tx), onError: () => {} });
    engines.push(old);
    await old.start();
    await old.putWorkflow(tenantId, {
      name: 'fenced',
      tasks: [{ readableId: 'fenced', actionId: 'fenced:fenced' }],
    });
    await expect(old.trigger(tenantId, [{ workflowName: 'fenced' }])).resolves.toHaveLength(1);

    // Taken over while the old holder still believes it holds the lease (its renewal has not
    // run yet): its next tick is refused inside the transaction and writes nothing.
    await expire();
    const second = await acquire('b', { ttlMs: 60_000 });
    await expect(old.trigger(tenantId, [{ workflowName: 'fenced' }])).rejects.toMatchObject({
      code: 'UNAVAILABLE',
    });
    expect(lost).toEqual(['another process holds the engine lease now']);
    const runs = await db.query<{ n: string }>('SELECT count(*) AS n FROM workflow_runs');
    expect(runs.rows[0]!.n).toBe('1');

    // The new holder's engine recovers the queued run and runs it.
    const current = new Engine({ db, fence: (tx) => second.fence(tx), onError: () => {} });
    engines.push(current);
    await current.start();
    const worker = await new TestWorker(current, tenantId).connect(['fenced:fenced'], 5);
    const [start] = await worker.waitFor((a) => a.kind === 'START');
    await worker.complete(start!, { ok: true });
    await expect
      .poll(async () => (await db.query('SELECT status FROM workflow_runs')).rows)
      .toEqual([{ status: 'COMPLETED' }]);
  });
});
