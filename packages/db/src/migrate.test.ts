import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from './database';
import { migrate } from './migrate';
import { createTestDatabase, testDatabaseKind } from '../test/test-database';
import type { TestDatabase } from '../test/test-database';

describe(`migrate on ${testDatabaseKind()}`, () => {
  let test: TestDatabase;
  let db: Database;
  let migrationsDir: string;

  const writeMigrations = (files: Record<string, string>) => {
    for (const [name, sql] of Object.entries(files)) {
      fs.writeFileSync(path.join(migrationsDir, name), sql);
    }
  };
  const recorded = async () =>
    (await db.query('select version, name from schema_migrations order by version')).rows;
  const tables = async () =>
    (
      await db.query<{ name: string }>(
        `select table_name as name from information_schema.tables
          where table_schema = 'public' and table_name <> 'schema_migrations' order by 1`,
      )
    ).rows.map(({ name }) => name);

  beforeEach(async () => {
    test = await createTestDatabase();
    db = test.db;
    migrationsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-migrations-'));
    writeMigrations({
      '0001_accounts.sql': `
        create table account (id int primary key, email text not null);
        create index account_email on account (email);`,
      '0002_tenants.sql': `
        create table tenant (id int primary key, owner int not null references account (id));
        insert into account values (1, 'seed@example.com');`,
    });
  });

  afterEach(async () => {
    await test.drop();
    fs.rmSync(migrationsDir, { recursive: true, force: true });
  });

  it('applies every file in order, each recorded with its name', async () => {
    expect(await migrate(db, { migrationsDir })).toEqual([
      { version: 1, name: 'accounts' },
      { version: 2, name: 'tenants' },
    ]);
    expect(await recorded()).toEqual([
      { version: 1, name: 'accounts' },
      { version: 2, name: 'tenants' },
    ]);
    expect(await tables()).toEqual(['account', 'tenant']);
  });

  it('applies nothing the second time, then only what was appended', async () => {
    await migrate(db, { migrationsDir });
    expect(await migrate(db, { migrationsDir })).toEqual([]);
    writeMigrations({ '0003_runs.sql': 'create table run (id int primary key);' });
    expect(await migrate(db, { migrationsDir })).toEqual([{ version: 3, name: 'runs' }]);
    expect(await tables()).toEqual(['account', 'run', 'tenant']);
  });

  it('leaves nothing of a failing file applied, and stops there', async () => {
    writeMigrations({
      '0002_tenants.sql': `
        create table tenant (id int primary key);
        insert into tenant values (1);
        insert into no_such_table values (1);`,
      '0003_runs.sql': 'create table run (id int primary key);',
    });
    await expect(migrate(db, { migrationsDir })).rejects.toThrow(
      /Migration 0002_tenants.sql failed: .*no_such_table/,
    );
    expect(await recorded()).toEqual([{ version: 1, name: 'accounts' }]);
    expect(await tables()).toEqual(['account']);

    writeMigrations({ '0002_tenants.sql': 'create table tenant (id int primary key);' });
    expect(await migrate(db, { migrationsDir })).toEqual([
      { version: 2, name: 'tenants' },
      { version: 3, name: 'runs' },
    ]);
  });

  it('refuses a database migrated by a newer version', async () => {
    writeMigrations({ '0003_runs.sql': 'create table run (id int primary key);' });
    await migrate(db, { migrationsDir });
    fs.rmSync(path.join(migrationsDir, '0003_runs.sql'));
    await expect(migrate(db, { migrationsDir })).rejects.toThrow(
      /has migration 0003_runs, which this version of Trellis does not have/,
    );
  });

  it('refuses a file renamed after it was applied', async () => {
    await migrate(db, { migrationsDir });
    fs.renameSync(
      path.join(migrationsDir, '0002_tenants.sql'),
      path.join(migrationsDir, '0002_orgs.sql'),
    );
    await expect(migrate(db, { migrationsDir })).rejects.toThrow(/applied as "tenants"/);
  });

  it('refuses a file inserted among migrations already applied', async () => {
    await migrate(db, { migrationsDir });
    await db.query('delete from schema_migrations where version = 1');
    await expect(migrate(db, { migrationsDir })).rejects.toThrow(
      /0001_accounts.sql is not applied but later ones are/,
    );
  });

  it('applies each file once when several migrate() run at the same time', async () => {
    // pg_sleep widens the window in which unsynchronised runners would both apply a file.
    writeMigrations({
      '0003_slow.sql': 'select pg_sleep(0.1); create table slow (id int);',
      '0004_runs.sql': 'create table run (id int primary key);',
    });
    const runs = await Promise.all([1, 2, 3].map(() => migrate(db, { migrationsDir })));
    const appliedVersions = runs.flat().map(({ version }) => version);
    expect(appliedVersions.sort()).toEqual([1, 2, 3, 4]);
    expect(await recorded()).toHaveLength(4);
  });
});
