import { createHash } from 'node:crypto';
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
      // Prepared statements (runQuery) would otherwise switch to a generic plan after five
      // runs, chosen once for whatever size the tables had then: the engine's array and JSON
      // parameters vary from one row to hundreds, and a generic plan made while a table was
      // small kept scanning it whole (42M rows read in a 17k-task benchmark). A custom plan
      // per run sees the actual parameters; the parse is still saved.
      options: '-c plan_cache_mode=force_custom_plan',
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

/**
 * Statements with parameters run as named prepared statements, so each connection parses a
 * statement text once instead of on every call (the engine's statements are few, fixed texts
 * with batches passed as parameters); each run is still planned for its parameters (see
 * plan_cache_mode above). The number of names is capped, so code that builds statement texts
 * dynamically cannot grow every connection's statement cache without bound; texts past the cap
 * run unnamed, as before.
 */
const MAX_PREPARED_STATEMENTS = 500;
const statementNames = new Map<string, string>();

function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_PREPARED_STATEMENTS) {
    name = `trellis_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    statementNames.set(text, name);
  }
  return name;
}

async function runQuery<Row>(
  target: pg.Pool | PoolClient,
  text: string,
  params: readonly unknown[] | undefined,
): Promise<QueryResult<Row>> {
  const result = params
    ? await target.query({ text, values: [...params], name: statementName(text) })
    : await target.query(text);
  return { rows: result.rows as Row[], rowCount: result.rowCount ?? 0 };
}
