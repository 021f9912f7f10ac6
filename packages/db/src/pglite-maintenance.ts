import type { Database } from './database';

/**
 * PGlite has no autovacuum: without it, the tables the engine updates and deletes from keep
 * their dead rows, the runs list's index-only scans fall back to reading the heap (a deep page
 * took 2 s instead of 22 ms at a million tasks), and the planner has no statistics. This runs
 * what autovacuum would, `VACUUM (ANALYZE)` of every table, soon after start and then
 * periodically. PGlite has one connection, so every statement waits while one runs: a pass is
 * one statement per table rather than one for the database, so the engine's work gets in
 * between tables and waits for the longest table's vacuum at most, not for the whole pass (a
 * whole-database first pass stalled event pushes for 0.8 s in the engine benchmark). After the
 * first pass a vacuum only visits pages changed since, which keeps each pause short. Only leaf
 * tables, as autovacuum: a partitioned table (the daily ones) is its partitions, each visited on
 * its own, and `VACUUM (ANALYZE)` of the parent would vacuum all of them again in one statement
 * and sample them all (a 2.4 s stall every pass in a 30-minute soak, with runs and tasks
 * partitioned). On
 * PostgreSQL this does nothing: the server's autovacuum does the job.
 */
export interface PgliteMaintenanceOptions {
  /** Delay before the first pass (start-up work and recovery go first). */
  firstAfterMs?: number;
  /** Time between passes. */
  everyMs?: number;
  onError?: (error: unknown) => void;
}

export const PGLITE_MAINTENANCE_DEFAULTS = { firstAfterMs: 60_000, everyMs: 10 * 60_000 } as const;

/** Starts the periodic maintenance; the returned function stops it. */
export function startPgliteMaintenance(
  db: Database,
  options: PgliteMaintenanceOptions = {},
): () => void {
  if (db.kind !== 'pglite') return () => {};
  const everyMs = options.everyMs ?? PGLITE_MAINTENANCE_DEFAULTS.everyMs;
  const onError =
    options.onError ?? ((error) => console.error('[trellis/db] VACUUM failed', error));
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const pass = async () => {
    try {
      const { rows } = await db.query<{ name: string }>(
        `SELECT format('%I.%I', s.schemaname, s.relname) AS name
           FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
          WHERE c.relkind = 'r'`,
      );
      for (const { name } of rows) {
        if (stopped) return;
        await db.exec(`VACUUM (ANALYZE) ${name}`);
      }
    } catch (error) {
      if (!stopped) onError(error);
    }
    if (!stopped) timer = setTimeout(() => void pass(), everyMs);
  };
  timer = setTimeout(
    () => void pass(),
    options.firstAfterMs ?? PGLITE_MAINTENANCE_DEFAULTS.firstAfterMs,
  );
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
