import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database, DatabaseKind } from '../src/database';
import { migrate } from '../src/migrate';
import { openPgliteDatabase } from '../src/pglite-database';
import { openPostgresDatabase } from '../src/postgres-database';

/**
 * Fresh databases for tests: PGlite in memory by default; a new database on a PostgreSQL
 * server when TRELLIS_TEST_DATABASE_URL names one (postgres://root@127.0.0.1:5432/test): each
 * call creates `trellis_t_<random>` there, and drop() removes it.
 */

export interface TestDatabase {
  db: Database;
  /** Closes the database and, on PostgreSQL, drops it. Safe to call twice. */
  drop(): Promise<void>;
}

export interface CreateTestDatabaseOptions {
  /** Apply the migrations before handing the database over. */
  migrate?: boolean;
  /** With `migrate`: a migrations folder other than this package's own. */
  migrationsDir?: string;
}

const serverUrlVariable = 'TRELLIS_TEST_DATABASE_URL';

export function testDatabaseKind(): DatabaseKind {
  return process.env[serverUrlVariable] ? 'postgres' : 'pglite';
}

export async function createTestDatabase(
  options: CreateTestDatabaseOptions = {},
): Promise<TestDatabase> {
  const serverUrl = process.env[serverUrlVariable];
  const test = serverUrl
    ? await createPostgresTestDatabase(serverUrl)
    : await createPgliteTestDatabase();
  if (options.migrate) {
    try {
      await migrate(test.db, { migrationsDir: options.migrationsDir });
    } catch (error) {
      await test.drop();
      throw error;
    }
  }
  return test;
}

/** initdb costs seconds; loading a dump of a pristine database costs well under one. */
let pristineDump: Promise<Blob> | undefined;

async function createPgliteTestDatabase(): Promise<TestDatabase> {
  pristineDump ??= dumpPristinePglite().catch((error: unknown) => {
    pristineDump = undefined;
    throw error;
  });
  const db = await openPgliteDatabase({ template: await pristineDump });
  return { db, drop: once(() => db.close()) };
}

async function dumpPristinePglite(): Promise<Blob> {
  const pglite = await PGlite.create();
  try {
    return await pglite.dumpDataDir('none');
  } finally {
    await pglite.close();
  }
}

async function createPostgresTestDatabase(serverUrl: string): Promise<TestDatabase> {
  const name = `trellis_t_${randomBytes(6).toString('hex')}`;
  await runOnServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = openPostgresDatabase({ connectionString: url.toString() });
  return {
    db,
    drop: once(async () => {
      await db.close();
      await runOnServer(serverUrl, `drop database if exists ${name} with (force)`);
    }),
  };
}

async function runOnServer(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function once(action: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= action());
}
