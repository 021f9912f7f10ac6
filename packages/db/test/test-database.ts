import { createHash, randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

/**
 * initdb costs seconds and loading a dump of a pristine database well under one. Vitest loads
 * this module afresh for every test file, so the dump is kept in the temporary folder, one per
 * installed PGlite, and made by whichever test file needs it first.
 */
let pristineDump: Promise<Blob> | undefined;

async function createPgliteTestDatabase(): Promise<TestDatabase> {
  pristineDump ??= pristinePglite().catch((error: unknown) => {
    pristineDump = undefined;
    throw error;
  });
  const db = await openPgliteDatabase({ template: await pristineDump });
  return { db, drop: once(() => db.close()) };
}

async function pristinePglite(): Promise<Blob> {
  const path = pristineDumpPath();
  try {
    return new Blob([await readFile(path)]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const pglite = await PGlite.create();
  try {
    const dump = await pglite.dumpDataDir('none');
    // Written aside and renamed: a test file reading it at the same time sees all or nothing.
    const partial = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, path);
    return dump;
  } finally {
    await pglite.close();
  }
}

/** Named after the installed PGlite (where it is, its size and time), so an upgrade makes anew. */
function pristineDumpPath(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const { size, mtimeMs } = statSync(entry);
  const key = createHash('sha256').update(`${entry}\0${size}\0${mtimeMs}`).digest('hex');
  return join(tmpdir(), `trellis-pglite-pristine-${key.slice(0, 16)}.tar`);
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
