import pg from 'pg';
import type { PoolClient } from 'pg';
import { assertChannelName } from './channel-name';
import { TransactionAbortedError } from './database';
import type { Database, Queryable, QueryResult } from './database';
import { PostgresListener } from './postgres-listener';
import { portableTypes } from './postgres-type-parsers';
import { TransactionScope } from './transaction-scope';

export interface PostgresDatabaseOptions {
  /** postgres://user:password@host:port/database?options */
  connectionString: string;
  /** Connections in the pool, besides the one that carries LISTEN. Default 10. */
  poolSize?: number;
  /** Connection failures outside any statement (idle pool connections, the LISTEN connection). */
  onConnectionError?: (error: Error) => void;
}

const defaultPoolSize = 10;

export function openPostgresDatabase(options: PostgresDatabaseOptions): Database {
  return new PostgresDatabase(options);
}

function reportConnectionError(error: Error): void {
  console.error('[trellis/db] PostgreSQL connection error:', error);
}

class PostgresDatabase implements Database {
  readonly kind = 'postgres';
  readonly #pool: pg.Pool;
  readonly #listener: PostgresListener;
  readonly #onConnectionError: (error: Error) => void;
  readonly #scope = new TransactionScope();

  constructor(options: PostgresDatabaseOptions) {
    const onError = options.onConnectionError ?? reportConnectionError;
    this.#onConnectionError = onError;
    const config = {
      connectionString: options.connectionString,
      application_name: 'trellis',
      types: portableTypes,
    };
    this.#pool = new pg.Pool({ ...config, max: options.poolSize ?? defaultPoolSize });
    // Without a listener, an idle connection dropped by the server would crash the process.
    this.#pool.on('error', onError);
    this.#listener = new PostgresListener(config, onError);
  }

  query<Row = Record<string, unknown>>(
    text: string,
    params?: readonly unknown[],
  ): Promise<QueryResult<Row>> {
    this.#scope.assertOutside();
    return runQuery<Row>(this.#pool, text, params);
  }

  async exec(sql: string): Promise<void> {
    this.#scope.assertOutside();
    // Without parameters node-postgres uses the simple protocol, which runs several statements.
    await this.#pool.query(sql);
  }

  async transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    this.#scope.assertOutside();
    const client = await this.#pool.connect();
    // The pool stops watching a client it lent out; a connection lost between two statements
    // of the transaction would otherwise be an uncaught 'error' event that ends the process.
    client.on('error', this.#onConnectionError);
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      const result = await this.#scope.run(() => work(transactionQueryable(client)));
      // COMMIT of a transaction in which a statement failed answers ROLLBACK, not an error.
      const commit = await client.query('COMMIT');
      if (commit.command === 'ROLLBACK') throw new TransactionAbortedError();
      return result;
    } catch (error) {
      // After a failed COMMIT the transaction is already over and this ROLLBACK only warns.
      await client.query('ROLLBACK').catch((rollbackError: Error) => {
        broken = rollbackError;
      });
      throw error;
    } finally {
      client.off('error', this.#onConnectionError);
      // A connection that could not even roll back is destroyed, not reused.
      client.release(broken);
    }
  }

  async listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
    this.#scope.assertOutside();
    assertChannelName(channel);
    return this.#listener.subscribe(channel, onNotify);
  }

  async close(): Promise<void> {
    await this.#listener.close();
    await this.#pool.end();
  }
}

function transactionQueryable(client: PoolClient): Queryable {
  return {
    query: (text, params) => runQuery(client, text, params),
    exec: async (sql) => {
      await client.query(sql);
    },
  };
}

async function runQuery<Row>(
  target: pg.Pool | PoolClient,
  text: string,
  params: readonly unknown[] | undefined,
): Promise<QueryResult<Row>> {
  const result = await target.query(text, params ? [...params] : undefined);
  return { rows: result.rows as Row[], rowCount: result.rowCount ?? 0 };
}
