/**
 * The database port. Everything above this package talks to PostgreSQL through these few
 * methods, so the embedded PGlite and a PostgreSQL server are interchangeable.
 */

export interface QueryResult<Row> {
  rows: Row[];
  /** Rows inserted, updated or deleted by the statement (0 for plain SELECTs on PGlite). */
  rowCount: number;
}

/** Something that runs one parameterised statement: the database itself or an open transaction. */
export interface Queryable {
  query<Row = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<QueryResult<Row>>;
}

export type DatabaseKind = 'pglite' | 'postgres';

export interface Database extends Queryable {
  readonly kind: DatabaseKind;
  /**
   * Runs `work` inside one transaction: committed when it resolves, rolled back when it throws.
   * Statements inside must use the given `tx`, never the outer database.
   */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs parameterless SQL that may hold several statements (migrations). */
  exec(sql: string): Promise<void>;
  /** Subscribes to LISTEN/NOTIFY on a channel; resolves to an unsubscribe function. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
