import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from './database';
import { createTestDatabase, testDatabaseKind } from '../test/test-database';
import type { TestDatabase } from '../test/test-database';

/** Collects the payloads of one channel; `next()` resolves with the next one to arrive. */
function inbox() {
  const payloads: string[] = [];
  const waiters: Array<(payload: string) => void> = [];
  return {
    payloads,
    receive: (payload: string) => {
      payloads.push(payload);
      waiters.shift()?.(payload);
    },
    next: () => new Promise<string>((resolve) => waiters.push(resolve)),
  };
}

describe(`listen on ${testDatabaseKind()}`, () => {
  let test: TestDatabase;
  let db: Database;

  beforeEach(async () => {
    test = await createTestDatabase();
    db = test.db;
  });

  afterEach(async () => {
    await test.drop();
  });

  it('delivers notifications sent with pg_notify', async () => {
    const wakeups = inbox();
    await db.listen('wakeup', wakeups.receive);
    const arrived = wakeups.next();
    await db.query(`select pg_notify('wakeup', 'tenant-1')`);
    expect(await arrived).toBe('tenant-1');
  });

  it('delivers a notification sent inside a transaction once it commits', async () => {
    const wakeups = inbox();
    await db.listen('wakeup', wakeups.receive);
    const arrived = wakeups.next();
    await db.transaction(async (tx) => {
      await tx.query(`select pg_notify('wakeup', 'from tx')`);
    });
    expect(await arrived).toBe('from tx');
  });

  it('lets a handler use the database right after the commit that notified', async () => {
    const seen = inbox();
    await db.listen('wakeup', (payload) => {
      void db.query('select $1::text as payload', [payload]).then(({ rows }) => {
        seen.receive(String(rows[0]?.payload));
      });
    });
    const arrived = seen.next();
    await db.transaction(async (tx) => {
      await tx.query(`select pg_notify('wakeup', 'during tx')`);
    });
    expect(await arrived).toBe('during tx');
  });

  it('stops delivering after unsubscribe, to that handler only', async () => {
    const first = inbox();
    const second = inbox();
    const later = inbox();
    const unsubscribeFirst = await db.listen('wakeup', first.receive);
    await db.listen('wakeup', second.receive);
    await db.listen('later', later.receive);
    await unsubscribeFirst();
    const laterArrived = later.next();
    const secondArrived = second.next();
    await db.query(`select pg_notify('wakeup', 'one')`);
    await db.query(`select pg_notify('later', 'two')`);
    // Notifications arrive in commit order, so once 'two' is in, 'one' has been handed out.
    expect(await laterArrived).toBe('two');
    expect(await secondArrived).toBe('one');
    expect(first.payloads).toEqual([]);
  });

  it('stops delivering once every handler of a channel left, and can subscribe again', async () => {
    const wakeups = inbox();
    const marker = inbox();
    const unsubscribe = await db.listen('wakeup', wakeups.receive);
    await db.listen('marker', marker.receive);
    await unsubscribe();
    const markerArrived = marker.next();
    await db.query(`select pg_notify('wakeup', 'missed')`);
    await db.query(`select pg_notify('marker', 'after')`);
    await markerArrived;
    expect(wakeups.payloads).toEqual([]);

    await db.listen('wakeup', wakeups.receive);
    const arrived = wakeups.next();
    await db.query(`select pg_notify('wakeup', 'again')`);
    expect(await arrived).toBe('again');
  });

  it('refuses channel names that LISTEN and pg_notify would read differently', async () => {
    await expect(db.listen('WakeUp', () => {})).rejects.toThrow(/Invalid notification channel/);
    await expect(db.listen('wake-up', () => {})).rejects.toThrow(/Invalid notification channel/);
  });
});
