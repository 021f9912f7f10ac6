import { createHash, randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database, DatabaseKind } from '../src/database';
import { migrate } from '../src/migrate';
import { readMigrationFiles } from '../src/migration-files';
import { dumpPgliteDatabase, openPgliteDatabase } from '../src/pglite-database';
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
  // The package's own migrations come with what the database is copied from: a dump on PGlite,
  // a template database on PostgreSQL.
  const premigrated = options.migrate === true && !options.migrationsDir;
  const test = serverUrl
    ? await createPostgresTestDatabase(serverUrl, premigrated)
    : await createPgliteTestDatabase(premigrated ? migratedDump : pristineDump);
  if (options.migrate && !premigrated) {
    try {
      await migrate(test.db, { migrationsDir: options.migrationsDir });
    } catch (error) {
      await test.drop();
      throw error;
    }
  }
  return test;
}

async function createPgliteTestDatabase(template: () => Promise<Blob>): Promise<TestDatabase> {
  const db = await openPgliteDatabase({ template: await template() });
  return { db, drop: once(() => db.close()) };
}

/**
 * initdb costs seconds, and migrating its result about one more under load; loading a dump of
 * either well under one. Vitest loads this module afresh for every test file, so the dumps are
 * kept in the temporary folder, named after what made them (the installed PGlite, and the
 * migrations), and made by whichever test file needs one first.
 */
const dumps = new Map<string, Promise<Blob>>();

function pristineDump(): Promise<Blob> {
  return cachedDump(`pristine-${pgliteKey()}`, async () => {
    const pglite = await PGlite.create();
    try {
      return await pglite.dumpDataDir('none');
    } finally {
      await pglite.close();
    }
  });
}

function migratedDump(): Promise<Blob> {
  return cachedDump(`migrated-${pgliteKey()}-${migrationsKey()}`, async () => {
    const db = await openPgliteDatabase({ template: await pristineDump() });
    try {
      await migrate(db);
      return await dumpPgliteDatabase(db);
    } finally {
      await db.close();
    }
  });
}

function cachedDump(name: string, make: () => Promise<Blob>): Promise<Blob> {
  let dump = dumps.get(name);
  if (dump === undefined) {
    dump = readOrMake(join(tmpdir(), `trellis-pglite-${name}.tar`), make);
    dumps.set(name, dump);
    dump.catch(() => dumps.delete(name));
  }
  return dump;
}

async function readOrMake(path: string, make: () => Promise<Blob>): Promise<Blob> {
  try {
    return new Blob([await readFile(path)]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const dump = await make();
  // Written aside and renamed: a test file reading it at the same time sees all or nothing.
  const partial = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, path);
  return dump;
}

/** The installed PGlite (where it is, its size and time), so that an upgrade makes anew. */
const pgliteKey = computedOnce(() => {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const { size, mtimeMs } = statSync(entry);
  return hash(`${entry}\0${size}\0${mtimeMs}`);
});

/** The package's migrations, names and text, so that a new or edited one makes anew. */
const migrationsKey = computedOnce(() => {
  const files = readMigrationFiles(fileURLToPath(new URL('../migrations/', import.meta.url)));
  return hash(files.map(({ fileName, sql }) => `${fileName}\0${sql}`).join('\0'));
});

/** Read once per test file rather than for every database it creates. */
function computedOnce(compute: () => string): () => string {
  let value: string | undefined;
  return () => (value ??= compute());
}

function hash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

async function createPostgresTestDatabase(
  serverUrl: string,
  premigrated: boolean,
): Promise<TestDatabase> {
  const name = `trellis_t_${randomBytes(6).toString('hex')}`;
  if (premigrated) await createFromTemplate(serverUrl, name);
  else await runOnServer(serverUrl, `create database ${name}`);
  const db = openPostgresDatabase({ connectionString: databaseUrl(serverUrl, name) });
  return {
    db,
    drop: once(async () => {
      await db.close();
      await runOnServer(serverUrl, `drop database if exists ${name} with (force)`);
    }),
  };
}

/**
 * Creating a database from a migrated template takes a tenth of what creating one and
 * migrating it does (0.1-0.5 s against 1.3-1.6 s). The template, `trellis_tpl_<migrations>`,
 * stays on the server for the next run; the first test file to miss it makes it, under a
 * name of its own that it then renames, so that nobody copies a template half migrated.
 */
const templatePrefix = 'trellis_tpl_';
let templateMade: Promise<void> | undefined;

async function createFromTemplate(serverUrl: string, name: string): Promise<void> {
  const template = `${templatePrefix}${migrationsKey()}`;
  const create = () => runOnServer(serverUrl, `create database ${name} template ${template}`);
  try {
    await create();
  } catch (error) {
    if ((error as { code?: string }).code !== '3D000') throw error; // not "no such database"
    templateMade ??= makeTemplate(serverUrl, template).finally(() => (templateMade = undefined));
    await templateMade;
    await create();
  }
}

async function makeTemplate(serverUrl: string, template: string): Promise<void> {
  const building = `${template}_${randomBytes(4).toString('hex')}`;
  await runOnServer(serverUrl, `create database ${building}`);
  try {
    const db = openPostgresDatabase({ connectionString: databaseUrl(serverUrl, building) });
    try {
      await migrate(db);
    } finally {
      await db.close();
    }
    await runOnServer(serverUrl, `alter database ${building} rename to ${template}`);
  } catch (error) {
    await runOnServer(serverUrl, `drop database if exists ${building} with (force)`);
    // Another test file made it first.
    if ((error as { code?: string }).code !== '42P04') throw error;
    return;
  }
  // The templates of earlier migrations, if nobody copies them (a run copying one holds the
  // drop back until it is done; one connected to it makes the drop fail, which is left be).
  // Only finished templates: a name with a suffix is still being built by some run.
  const { rows } = await queryServer<{ datname: string }>(
    serverUrl,
    `select datname from pg_database where datname ~ $1 and datname <> $2`,
    [`^${templatePrefix}[0-9a-f]{16}$`, template],
  );
  for (const { datname } of rows) {
    await runOnServer(serverUrl, `drop database if exists ${datname}`).catch(() => {});
  }
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function runOnServer(serverUrl: string, sql: string): Promise<void> {
  await queryServer(serverUrl, sql);
}

async function queryServer<Row extends pg.QueryResultRow>(
  serverUrl: string,
  sql: string,
  params: unknown[] = [],
): Promise<pg.QueryResult<Row>> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await client.query<Row>(sql, params);
  } finally {
    await client.end();
  }
}

function once(action: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= action());
}
