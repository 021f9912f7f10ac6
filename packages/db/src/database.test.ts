import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TransactionAbortedError } from './database';
import type { Database } from './database';
import { createTestDatabase, testDatabaseKind } from '../test/test-database';
import type { TestDatabase } from '../test/test-database';

describe(`Database on ${testDatabaseKind()}`, () => {
  let test: TestDatabase;
  let db: Database;

  beforeEach(async () => {
    test = await createTestDatabase();
    db = test.db;
    await db.exec('create table item (id int primary key, label text not null)');
  });

  afterEach(async () => {
    await test.drop();
  });

  const countItems = async () =>
    (await db.query<{ n: number }>('select count(*)::int as n from item')).rows[0]?.n;

  it('says which backend it is', () => {
    expect(db.kind).toBe(testDatabaseKind());
  });

  describe('query', () => {
    it('binds parameters and returns rows', async () => {
      await db.query('insert into item (id, label) values ($1, $2), ($3, $4)', [1, 'a', 2, 'b']);
      const { rows } = await db.query<{ id: number; label: string }>(
        'select id, label from item where id >= $1 order by id',
        [1],
      );
      expect(rows).toEqual([
        { id: 1, label: 'a' },
        { id: 2, label: 'b' },
      ]);
    });

    it('counts rows returned or changed, and 0 for other statements', async () => {
      const insert = await db.query(`insert into item values (1, 'a'), (2, 'b'), (3, 'c')`);
      expect(insert.rowCount).toBe(3);
      expect((await db.query(`update item set label = 'z' where id < 3`)).rowCount).toBe(2);
      expect((await db.query('select * from item')).rowCount).toBe(3);
      expect((await db.query('delete from item where id > 100')).rowCount).toBe(0);
      expect((await db.query('create table other (x int)')).rowCount).toBe(0);
    });

    it('returns the same value types on both backends', async () => {
      const { rows } = await db.query(
        `select 9007199254740993::int8 as big, array[1::int8, 2] as bigs, 1.50::numeric as num,
                '2024-02-29'::date as day, '1 day 02:00:00'::interval as span,
                '2024-02-29T10:00:00Z'::timestamptz as at, '{"a":[1]}'::jsonb as doc,
                '\\x0102'::bytea as bytes, 2::int4 as small, true as yes, null::text as nothing`,
      );
      expect(rows[0]).toEqual({
        big: '9007199254740993',
        bigs: ['1', '2'],
        num: '1.50',
        day: '2024-02-29',
        span: '1 day 02:00:00',
        at: new Date('2024-02-29T10:00:00Z'),
        doc: { a: [1] },
        bytes: expect.any(Uint8Array),
        small: 2,
        yes: true,
        nothing: null,
      });
      expect([...(rows[0]?.bytes as Uint8Array)]).toEqual([1, 2]);
    });

    it('accepts JSON text, Dates and arrays as parameters', async () => {
      const { rows } = await db.query(
        'select $1::jsonb as doc, $2::timestamptz as at, $3::text[] as labels',
        [JSON.stringify({ a: 1 }), new Date('2024-01-01T00:00:00Z'), ['x', 'y']],
      );
      expect(rows[0]).toEqual({
        doc: { a: 1 },
        at: new Date('2024-01-01T00:00:00Z'),
        labels: ['x', 'y'],
      });
    });

    it('rejects a failing statement with its SQLSTATE and stays usable', async () => {
      await db.query(`insert into item values (1, 'a')`);
      await expect(db.query(`insert into item values (1, 'again')`)).rejects.toMatchObject({
        code: '23505',
      });
      expect(await countItems()).toBe(1);
    });
  });

  describe('prepared statements', () => {
    it('runs a statement many times with different parameters and types', async () => {
      const insert = 'insert into item (id, label) values ($1, $2)';
      for (let id = 1; id <= 20; id++) await db.query(insert, [id, `label ${id}`]);
      const read = 'select id, label from item where id = any($1::int[]) order by id';
      expect((await db.query(read, [[3, 7]])).rows).toEqual([
        { id: 3, label: 'label 3' },
        { id: 7, label: 'label 7' },
      ]);
      expect((await db.query(read, [[20]])).rows).toEqual([{ id: 20, label: 'label 20' }]);
      expect((await db.query(read, [[]])).rows).toEqual([]);
    });

    it('keeps working past the number of statements a session keeps prepared', async () => {
      const texts = Array.from({ length: 520 }, (_, i) => `select $1::int + ${i} as n`);
      for (const [i, text] of texts.entries()) {
        expect((await db.query<{ n: number }>(text, [1])).rows[0]?.n).toBe(1 + i);
      }
      // The first ones were let go to make room; they are prepared again.
      expect((await db.query<{ n: number }>(texts[0]!, [5])).rows[0]?.n).toBe(5);
      expect((await db.query<{ n: number }>(texts[519]!, [5])).rows[0]?.n).toBe(524);
    });

    it('runs statements sent concurrently inside one transaction', async () => {
      const labels = await db.transaction(async (tx) => {
        await Promise.all(
          [1, 2, 3, 4].map((id) =>
            tx.query('insert into item (id, label) values ($1, $2)', [id, `l${id}`]),
          ),
        );
        const reads = await Promise.all(
          [4, 1].map((id) =>
            tx.query<{ label: string }>('select label from item where id = $1', [id]),
          ),
        );
        return reads.map(({ rows }) => rows[0]?.label);
      });
      expect(labels).toEqual(['l4', 'l1']);
      expect(await countItems()).toBe(4);
    });

    it.runIf(testDatabaseKind() === 'pglite')(
      'prepares a statement again once DDL changed the shape of its rows',
      async () => {
        await db.query(`insert into item values (1, 'a')`);
        const read = 'select * from item where id = $1';
        expect((await db.query(read, [1])).rows).toEqual([{ id: 1, label: 'a' }]);
        await db.exec('alter table item add column extra int default 7');
        expect((await db.query(read, [1])).rows).toEqual([{ id: 1, label: 'a', extra: 7 }]);
      },
    );
  });

  describe('exec', () => {
    it('runs several statements in one call', async () => {
      await db.exec(`
        insert into item values (1, 'a');
        insert into item values (2, 'b');
        update item set label = 'c' where id = 2;
      `);
      const { rows } = await db.query('select label from item order by id');
      expect(rows).toEqual([{ label: 'a' }, { label: 'c' }]);
    });
  });

  describe('transaction', () => {
    it('commits when the work resolves, and returns its result', async () => {
      const result = await db.transaction(async (tx) => {
        await tx.query(`insert into item values (1, 'a')`);
        await tx.exec(`insert into item values (2, 'b'); insert into item values (3, 'c');`);
        return 'done';
      });
      expect(result).toBe('done');
      expect(await countItems()).toBe(3);
    });

    it('rolls back when the work throws, and rethrows', async () => {
      const failure = new Error('changed my mind');
      await expect(
        db.transaction(async (tx) => {
          await tx.query(`insert into item values (1, 'a')`);
          throw failure;
        }),
      ).rejects.toBe(failure);
      expect(await countItems()).toBe(0);
    });

    it('rolls back after a failed statement and leaves the database usable', async () => {
      await db.query(`insert into item values (1, 'a')`);
      await expect(
        db.transaction(async (tx) => {
          await tx.query(`insert into item values (2, 'b')`);
          await tx.query(`insert into item values (1, 'duplicate')`);
        }),
      ).rejects.toMatchObject({ code: '23505' });
      expect(await countItems()).toBe(1);
      await db.transaction(async (tx) => {
        await tx.query(`insert into item values (2, 'b')`);
      });
      expect(await countItems()).toBe(2);
    });

    it('refuses to commit when the work swallowed a failed statement', async () => {
      await db.query(`insert into item values (1, 'a')`);
      await expect(
        db.transaction(async (tx) => {
          await tx.query(`insert into item values (2, 'b')`);
          await tx.query(`insert into item values (1, 'duplicate')`).catch(() => {});
        }),
      ).rejects.toBeInstanceOf(TransactionAbortedError);
      expect(await countItems()).toBe(1);
    });

    it('fails fast when the work uses the outer database instead of tx', async () => {
      await expect(
        db.transaction(async () => {
          await db.query('select 1');
        }),
      ).rejects.toThrow(/inside a transaction/);
      await expect(db.transaction(() => db.transaction(async () => {}))).rejects.toThrow(
        /inside a transaction/,
      );
      expect(await countItems()).toBe(0);
    });

    it('keeps concurrent transactions apart: no lost update, no one else rolled back', async () => {
      // On one PGlite session, interleaved transactions would share BEGIN ... COMMIT: both
      // read the same counter (a lost update), and one's ROLLBACK would undo the other's work.
      await db.query(`insert into item values (1, '0')`);
      const increment = () =>
        db.transaction(async (tx) => {
          const { rows } = await tx.query<{ label: string }>(
            'select label from item where id = 1 for update',
          );
          await new Promise((resolve) => setImmediate(resolve));
          await tx.query('update item set label = $1 where id = 1', [
            String(Number(rows[0]?.label) + 1),
          ]);
        });
      const doomed = db.transaction(async (tx) => {
        await tx.query(`insert into item values (2, 'doomed')`);
        await new Promise((resolve) => setImmediate(resolve));
        throw new Error('roll me back');
      });
      const results = await Promise.allSettled([
        increment(),
        doomed,
        increment(),
        increment(),
        increment(),
      ]);
      expect(results.map(({ status }) => status)).toEqual([
        'fulfilled',
        'rejected',
        'fulfilled',
        'fulfilled',
        'fulfilled',
      ]);
      const { rows } = await db.query('select id, label from item order by id');
      expect(rows).toEqual([{ id: 1, label: '4' }]);
    });

    it('does not let a statement from outside see or join an open transaction', async () => {
      let inserted!: () => void;
      const insertedSignal = new Promise<void>((resolve) => (inserted = resolve));
      let finish!: () => void;
      const finishSignal = new Promise<void>((resolve) => (finish = resolve));
      const transaction = db.transaction(async (tx) => {
        await tx.query(`insert into item values (1, 'uncommitted')`);
        inserted();
        await finishSignal;
        throw new Error('roll back');
      });
      await insertedSignal;
      // Issued while the transaction is open: PGlite must queue it, PostgreSQL isolates it.
      const outside = db.query(`select id from item where label = 'uncommitted'`);
      const outsideWrite = db.query(`insert into item values (2, 'outside')`);
      finish();
      await expect(transaction).rejects.toThrow('roll back');
      expect((await outside).rows).toEqual([]);
      await outsideWrite;
      const { rows } = await db.query('select id from item');
      expect(rows).toEqual([{ id: 2 }]);
    });
  });
});
