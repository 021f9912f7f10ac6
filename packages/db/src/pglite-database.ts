import { PGlite, TransactionAbortedError as PgliteAbortedError, types } from '@electric-sql/pglite';
import type { Transaction } from '@electric-sql/pglite';
import { assertChannelName } from './channel-name';
import { TransactionAbortedError } from './database';
import type { Database, Queryable, QueryResult } from './database';
import { openPgliteDataDir } from './pglite-data-dir';
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

export async function openPgliteDatabase(options: PgliteDatabaseOptions = {}): Promise<Database> {
  if (options.dataDir === undefined) {
    const pglite = await PGlite.create({ parsers: portableParsers, loadDataDir: options.template });
    return new PgliteDatabase(pglite, () => {});
  }
  if (options.template !== undefined) {
    throw new Error('A template only applies to an in-memory PGlite database.');
  }
  const { pglite, release } = await openPgliteDataDir(options.dataDir, {
    parsers: portableParsers,
  });
  return new PgliteDatabase(pglite, release);
}

/**
 * PGlite is one PostgreSQL session. Its own mutex makes `query`, `exec` and `transaction` wait
 * while a transaction is open, so statements never interleave into someone else's transaction;
 * and its `transaction` rolls back before rethrowing. This adapter adds what PGlite leaves out:
 * failing fast on statements sent to the outer database from inside a transaction (they would
 * deadlock), portable value types and errors, and the data folder's lock.
 */
class PgliteDatabase implements Database {
  readonly kind = 'pglite';
  readonly #pglite: PGlite;
  readonly #releaseDataDir: () => void;
  readonly #scope = new TransactionScope();

  constructor(pglite: PGlite, releaseDataDir: () => void) {
    this.#pglite = pglite;
    this.#releaseDataDir = releaseDataDir;
  }

  query<Row = Record<string, unknown>>(
    text: string,
    params?: readonly unknown[],
  ): Promise<QueryResult<Row>> {
    this.#scope.assertOutside();
    return runQuery<Row>(this.#pglite, text, params);
  }

  async exec(sql: string): Promise<void> {
    this.#scope.assertOutside();
    await this.#pglite.exec(sql);
  }

  async transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    this.#scope.assertOutside();
    try {
      return await this.#pglite.transaction((tx) =>
        this.#scope.run(() => work(transactionQueryable(tx))),
      );
    } catch (error) {
      throw error instanceof PgliteAbortedError ? new TransactionAbortedError() : error;
    }
  }

  async listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
    this.#scope.assertOutside();
    assertChannelName(channel);
    const unlisten = await this.#pglite.listen(channel, onNotify);
    return () => unlisten();
  }

  async close(): Promise<void> {
    try {
      await this.#pglite.close();
    } finally {
      this.#releaseDataDir();
    }
  }
}

function transactionQueryable(tx: Transaction): Queryable {
  return {
    query: (text, params) => runQuery(tx, text, params),
    exec: async (sql) => {
      await tx.exec(sql);
    },
  };
}

async function runQuery<Row>(
  target: PGlite | Transaction,
  text: string,
  params: readonly unknown[] | undefined,
): Promise<QueryResult<Row>> {
  const result = await target.query<Row>(text, params ? [...params] : undefined);
  return { rows: result.rows, rowCount: result.rowCount ?? 0 };
}
