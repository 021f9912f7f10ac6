/**
 * The database port. Everything above this package talks to PostgreSQL through these few
 * methods, so the embedded PGlite and a PostgreSQL server are interchangeable.
 *
 * Values come back the same on both adapters: int8 and numeric as strings (no silent loss of
 * precision), date as a 'YYYY-MM-DD' string, interval as PostgreSQL's text form, timestamptz
 * and timestamp as Date, json and jsonb parsed, bytea as a Uint8Array. Failed statements throw
 * errors that carry PostgreSQL's SQLSTATE in `code`.
 */

export interface QueryResult<Row> {
  rows: Row[];
  /** Rows returned by a SELECT or changed by INSERT, UPDATE, DELETE; 0 for other statements. */
  rowCount: number;
}

/** Something that runs statements: the database itself or an open transaction. */
export interface Queryable {
  query<Row = Record<string, unknown>>(
    text: string,
    params?: readonly unknown[],
  ): Promise<QueryResult<Row>>;
  /** Runs parameterless SQL that may hold several statements (migrations). */
  exec(sql: string): Promise<void>;
}

export type DatabaseKind = 'pglite' | 'postgres';

export interface Database extends Queryable {
  readonly kind: DatabaseKind;
  /**
   * Runs `work` inside one transaction: committed when it resolves, rolled back when it throws.
   * Statements inside must use the given `tx`: a statement sent to the outer database from
   * inside `work` throws, because on PGlite it would wait forever for the transaction.
   * Rejects with a TransactionAbortedError when `work` swallowed a failed statement and
   * PostgreSQL turned the COMMIT into a ROLLBACK.
   */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Subscribes to LISTEN/NOTIFY on a channel; resolves to an unsubscribe function once the
   * subscription is live. Channel names are lower-case SQL identifiers (`[a-z_][a-z0-9_]*`) so
   * that `LISTEN` and `pg_notify()` agree on them. Notifications are wake-up hints: one sent
   * while a PostgreSQL listener connection is being re-established is lost.
   */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Thrown when COMMIT rolled back instead, because a statement in the transaction had failed. */
export class TransactionAbortedError extends Error {
  /** SQLSTATE in_failed_sql_transaction, as on other database errors. */
  readonly code = '25P02';

  constructor() {
    super(
      'The transaction was rolled back instead of committed: a statement inside it failed ' +
        'and the error was caught without ending the transaction.',
    );
    this.name = 'TransactionAbortedError';
  }
}
