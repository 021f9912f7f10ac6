import { Mutex, PGlite, types } from '@electric-sql/pglite';
import { assertChannelName } from './channel-name';
import { TransactionAbortedError } from './database';
import type { Database, Queryable, QueryResult } from './database';
import { openPgliteDataDir } from './pglite-data-dir';
import { PgliteSession } from './pglite-session';
import { TransactionScope } from './transaction-scope';

export interface PgliteDatabaseOptions {
  /** The data folder; undefined keeps the database in memory (tests). */
  dataDir?: string;
  /** In memory only: start from this dump (PGlite's dumpDataDir) instead of running initdb. */
  template?: Blob;
}

/**
 * The value types promised in database.ts: int8 as a string (PGlite would round it to a
 * number) and date as its 'YYYY-MM-DD' text (PGlite would make it a Date at UTC midnight).
 */
const portableParsers = {
  [types.INT8]: (value: string) => value,
  [types.DATE]: (value: string) => value,
};

/**
 * Timestamps sent as node-postgres sends them. PGlite's own serializer uses toISOString, whose
 * year 0000 (1 BC) and earlier PostgreSQL cannot read, so a Date before year 1 (a REST filter
 * `since=0000-01-01T00:00:00Z`) failed on PGlite alone.
 */
const portableSerializers = {
  [types.TIMESTAMPTZ]: (value: unknown) =>
    value instanceof Date && value.getUTCFullYear() < 1 ? beforeChrist(value) : serialize(value),
};

function serialize(value: unknown): string {
  return value instanceof Date ? value.toISOString() : String(value);
}

/** `YYYY-MM-DD hh:mm:ss.sss+00 BC`: year 0 is 1 BC, year -1 is 2 BC. */
function beforeChrist(date: Date): string {
  const iso = date.toISOString();
  const time = iso.slice(iso.indexOf('T') + 1, -1);
  const monthDay = iso.slice(iso.indexOf('T') - 5, iso.indexOf('T'));
  const year = String(1 - date.getUTCFullYear()).padStart(4, '0');
  return `${year}-${monthDay} ${time}+00 BC`;
}

export async function openPgliteDatabase(options: PgliteDatabaseOptions = {}): Promise<Database> {
  if (options.dataDir === undefined) {
    const pglite = await PGlite.create({
      parsers: portableParsers,
      serializers: portableSerializers,
      loadDataDir: options.template,
    });
    return PgliteDatabase.open(pglite, () => {});
  }
  if (options.template !== undefined) {
    throw new Error('A template only applies to an in-memory PGlite database.');
  }
  const { pglite, release } = await openPgliteDataDir(options.dataDir, {
    parsers: portableParsers,
    serializers: portableSerializers,
  });
  return PgliteDatabase.open(pglite, release);
}

/**
 * A tar of a PGlite database's files (PGlite's dumpDataDir), for `template` above: tests start
 * each database from a dump of one already migrated rather than migrating it anew.
 */
export function dumpPgliteDatabase(db: Database): Promise<Blob> {
  if (!(db instanceof PgliteDatabase)) throw new Error('Only a PGlite database can be dumped.');
  return db.dump();
}

/**
 * PGlite is one PostgreSQL session, driven here through the wire protocol (pglite-session.ts)
 * rather than PGlite's query API, which parses and plans every statement on every call. A
 * mutex makes `query`, `exec` and `transaction` wait while a transaction is open, so
 * statements never interleave into someone else's transaction. The adapter also fails fast on
 * statements sent to the outer database from inside a transaction (they would deadlock), and
 * holds the data folder's lock.
 */
class PgliteDatabase implements Database {
  readonly kind = 'pglite';
  readonly #pglite: PGlite;
  readonly #session: PgliteSession;
  readonly #releaseDataDir: () => void;
  readonly #scope = new TransactionScope();
  readonly #mutex = new Mutex();
  #closed = false;

  private constructor(pglite: PGlite, releaseDataDir: () => void) {
    this.#pglite = pglite;
    this.#session = new PgliteSession(pglite);
    this.#releaseDataDir = releaseDataDir;
  }

  static async open(pglite: PGlite, releaseDataDir: () => void): Promise<PgliteDatabase> {
    const db = new PgliteDatabase(pglite, releaseDataDir);
    // As on PostgreSQL (postgres-database.ts): a prepared statement would otherwise switch to a
    // generic plan after five runs, chosen once for the table sizes of that moment; the
    // engine's batches range from one row to hundreds, and a plan chosen for a small table
    // keeps scanning it whole once it has grown.
    await db.exec('SET plan_cache_mode = force_custom_plan');
    return db;
  }

  query<Row = Record<string, unknown>>(
    text: string,
    params?: readonly unknown[],
  ): Promise<QueryResult<Row>> {
    this.#scope.assertOutside();
    return this.#exclusive(() => this.#session.query<Row>(text, params));
  }

  async exec(sql: string): Promise<void> {
    this.#scope.assertOutside();
    await this.#exclusive(() => this.#session.exec(sql));
  }

  async transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    this.#scope.assertOutside();
    return this.#exclusive(async () => {
      const session = this.#session;
      let open = true;
      const assertOpen = () => {
        if (!open) throw new Error('The transaction is over: its `tx` can no longer be used.');
      };
      const tx: Queryable = {
        query: async <Row>(text: string, params?: readonly unknown[]) => {
          assertOpen();
          return session.query<Row>(text, params);
        },
        exec: async (sql) => {
          assertOpen();
          await session.exec(sql);
        },
      };
      await session.exec('BEGIN');
      try {
        const result = await this.#scope.run(() => work(tx));
        // COMMIT of a transaction in which a statement failed answers ROLLBACK, not an error.
        if ((await session.exec('COMMIT')) === 'ROLLBACK') throw new TransactionAbortedError();
        return result;
      } catch (error) {
        if (session.inTransaction) await session.exec('ROLLBACK');
        throw error;
      } finally {
        open = false;
      }
    });
  }

  async listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
    this.#scope.assertOutside();
    assertChannelName(channel);
    await this.#exclusive(() => this.#session.listen(channel, onNotify));
    return () => this.#exclusive(() => this.#session.unlisten(channel, onNotify));
  }

  dump(): Promise<Blob> {
    this.#scope.assertOutside();
    return this.#exclusive(async () => {
      // The tar is of the files as they are: a checkpoint first writes out what sits in shared
      // buffers, so that a database opened from it has no WAL to replay.
      await this.#session.exec('CHECKPOINT');
      return this.#pglite.dumpDataDir('none');
    });
  }

  async close(): Promise<void> {
    await this.#mutex.runExclusive(async () => {
      if (this.#closed) return;
      this.#closed = true;
      try {
        await this.#pglite.close();
      } finally {
        this.#releaseDataDir();
      }
    });
  }

  /**
   * Runs `work` alone on the session, then lets PGlite flush its file system, as its own API
   * does after every statement outside a transaction and after every transaction.
   */
  #exclusive<T>(work: () => Promise<T>): Promise<T> {
    return this.#mutex.runExclusive(async () => {
      if (this.#closed) throw new Error('The database is closed.');
      try {
        return await work();
      } finally {
        await this.#pglite.syncToFs();
      }
    });
  }
}
