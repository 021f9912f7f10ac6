import { describe, expect, it } from 'vitest';
import { openDatabase } from './open-database';

describe('openDatabase', () => {
  it('uses PostgreSQL when given a URL, connecting only when first used', async () => {
    const db = await openDatabase({
      databaseUrl: 'postgres://nobody@127.0.0.1:1/none',
      dataDir: '/ignored',
    });
    expect(db.kind).toBe('postgres');
    await db.close();
  });

  it('uses PGlite in memory when asked', async () => {
    const db = await openDatabase({ inMemory: true });
    expect(db.kind).toBe('pglite');
    expect((await db.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    await db.close();
  });

  it('refuses contradictory or missing choices', async () => {
    await expect(openDatabase({})).rejects.toThrow(/give a databaseUrl, a dataDir, or inMemory/);
    await expect(openDatabase({ inMemory: true, dataDir: '/tmp/x' })).rejects.toThrow(
      /either a dataDir or inMemory/,
    );
    await expect(
      openDatabase({ inMemory: true, databaseUrl: 'postgres://127.0.0.1/x' }),
    ).rejects.toThrow(/either a databaseUrl or inMemory/);
  });
});
