import { afterEach, describe, expect, it } from 'vitest';
import { withStatementCounts } from './counting-database';
import { createTestDatabase, type TestDatabase } from '../test/test-database';

let test: TestDatabase | undefined;
afterEach(async () => test?.drop());

describe('withStatementCounts', () => {
  it('counts statements, and transactions explicit or implied', async () => {
    test = await createTestDatabase();
    const { db, stats } = withStatementCounts(test.db);
    await db.query('SELECT 1');
    await db.exec('CREATE TABLE counted (n int); INSERT INTO counted VALUES (1)');
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO counted VALUES ($1)', [2]);
      await tx.query('INSERT INTO counted VALUES ($1)', [3]);
    });
    expect(stats()).toEqual({ statements: 4, transactions: 3 });
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM counted');
    expect(rows[0]?.n).toBe(3);
    expect(db.kind).toBe(test.db.kind);
  });
});
