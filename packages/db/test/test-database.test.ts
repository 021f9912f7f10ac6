import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrate } from '../src/migrate';
import { createTestDatabase, testDatabaseKind } from './test-database';

describe(`createTestDatabase on ${testDatabaseKind()}`, () => {
  it('hands out databases that share nothing', async () => {
    const first = await createTestDatabase();
    const second = await createTestDatabase();
    try {
      await first.db.exec('create table only_in_first (id int)');
      await expect(second.db.query('select * from only_in_first')).rejects.toMatchObject({
        code: '42P01',
      });
    } finally {
      await first.drop();
      await second.drop();
    }
  });

  it('hands out databases with all of the package’s migrations, each its own', async () => {
    const first = await createTestDatabase({ migrate: true });
    const second = await createTestDatabase({ migrate: true });
    try {
      // Started from a dump of a migrated database on PGlite: nothing is left to apply.
      expect(await migrate(first.db)).toEqual([]);
      await first.db.query(
        `insert into users (email, name, password_hash) values ('a@b.c', 'A', 'x')`,
      );
      expect((await first.db.query('select count(*)::int as n from users')).rows).toEqual([
        { n: 1 },
      ]);
      expect((await second.db.query('select count(*)::int as n from users')).rows).toEqual([
        { n: 0 },
      ]);
    } finally {
      await first.drop();
      await second.drop();
    }
  });

  it('applies migrations when asked, and drop() may be called twice', async () => {
    const migrationsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-migrations-'));
    fs.writeFileSync(path.join(migrationsDir, '0001_things.sql'), 'create table thing (id int);');
    const test = await createTestDatabase({ migrate: true, migrationsDir });
    try {
      expect((await test.db.query('select count(*)::int as n from thing')).rows).toEqual([
        { n: 0 },
      ]);
    } finally {
      await test.drop();
      await test.drop();
      fs.rmSync(migrationsDir, { recursive: true, force: true });
    }
  });
});
