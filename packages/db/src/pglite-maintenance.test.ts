import { afterEach, describe, expect, it } from 'vitest';
import { startPgliteMaintenance } from './pglite-maintenance';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../test/test-database';

let test: TestDatabase | undefined;
let stop: (() => void) | undefined;
afterEach(async () => {
  stop?.();
  await test?.drop();
});

async function vacuumCounts(test: TestDatabase) {
  const { rows } = await test.db.query<{ vacuums: number; analyzes: number }>(
    `SELECT vacuum_count::int AS vacuums, analyze_count::int AS analyzes
       FROM pg_stat_user_tables WHERE relname = 'churn'`,
  );
  return rows[0];
}

describe('startPgliteMaintenance', () => {
  it.runIf(testDatabaseKind() === 'pglite')(
    'vacuums and analyzes PGlite soon after start and then periodically',
    async () => {
      test = await createTestDatabase();
      await test.db.exec(
        'CREATE TABLE churn (n int); INSERT INTO churn SELECT generate_series(1, 1000); DELETE FROM churn WHERE n % 2 = 0',
      );
      stop = startPgliteMaintenance(test.db, { firstAfterMs: 10, everyMs: 50 });
      await expect
        .poll(() => vacuumCounts(test!), { timeout: 10_000 })
        .toMatchObject({
          vacuums: 2,
          analyzes: 2,
        });
      const { rows } = await test.db.query<{ dead: number }>(
        `SELECT n_dead_tup::int AS dead FROM pg_stat_user_tables WHERE relname = 'churn'`,
      );
      expect(rows[0]?.dead).toBe(0);
    },
  );

  it.runIf(testDatabaseKind() === 'pglite')(
    'visits each partition of a partitioned table on its own, never the whole table at once',
    async () => {
      test = await createTestDatabase();
      await test.db.exec(
        `CREATE TABLE daily (n int) PARTITION BY RANGE (n);
         CREATE TABLE daily_a PARTITION OF daily FOR VALUES FROM (0) TO (500);
         CREATE TABLE daily_b PARTITION OF daily FOR VALUES FROM (500) TO (1000);
         INSERT INTO daily SELECT generate_series(0, 999); DELETE FROM daily WHERE n % 2 = 0`,
      );
      stop = startPgliteMaintenance(test.db, { firstAfterMs: 10, everyMs: 60_000 });
      const counts = async () => {
        const { rows } = await test!.db.query<{ name: string; vacuums: number; analyzes: number }>(
          `SELECT relname AS name, vacuum_count::int AS vacuums, analyze_count::int AS analyzes
             FROM pg_stat_user_tables WHERE relname LIKE 'daily%' ORDER BY relname`,
        );
        return rows;
      };
      await expect.poll(counts, { timeout: 10_000 }).toEqual([
        { name: 'daily', vacuums: 0, analyzes: 0 },
        { name: 'daily_a', vacuums: 1, analyzes: 1 },
        { name: 'daily_b', vacuums: 1, analyzes: 1 },
      ]);
    },
  );

  it.runIf(testDatabaseKind() === 'postgres')('leaves PostgreSQL to its autovacuum', async () => {
    test = await createTestDatabase();
    await test.db.exec('CREATE TABLE churn (n int)');
    stop = startPgliteMaintenance(test.db, { firstAfterMs: 0, everyMs: 10 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await vacuumCounts(test)).toEqual({ vacuums: 0, analyzes: 0 });
  });
});
