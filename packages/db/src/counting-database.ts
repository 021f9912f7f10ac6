import type { Database, Queryable } from './database';

/** Statements and transactions a database has run, for benchmarks and operators. */
export interface DatabaseStats {
  /** Statements sent, inside transactions or not (multi-statement `exec` counts once). */
  statements: number;
  /** Transactions: explicit ones, and every statement sent outside one (autocommit). */
  transactions: number;
}

/**
 * Wraps a database so that every statement and transaction is counted. The counting costs two
 * integer additions per statement, so it stays on in production builds too.
 */
export function withStatementCounts(db: Database): { db: Database; stats: () => DatabaseStats } {
  const counts: DatabaseStats = { statements: 0, transactions: 0 };
  const counted = (target: Queryable, inTransaction: boolean): Queryable => ({
    query: (text, params) => {
      counts.statements += 1;
      if (!inTransaction) counts.transactions += 1;
      return target.query(text, params);
    },
    exec: (sql) => {
      counts.statements += 1;
      if (!inTransaction) counts.transactions += 1;
      return target.exec(sql);
    },
  });
  const outer = counted(db, false);
  const wrapped: Database = {
    get kind() {
      return db.kind;
    },
    query: outer.query,
    exec: outer.exec,
    transaction: (work) => {
      counts.transactions += 1;
      return db.transaction((tx) => work(counted(tx, true)));
    },
    listen: (channel, onNotify) => db.listen(channel, onNotify),
    close: () => db.close(),
  };
  return { db: wrapped, stats: () => ({ ...counts }) };
}
