/**
 * A fingerprint of the whole database: per table, its row count and a hash of its rows. Every
 * table counts, not only the fuzzed tenant's: a refused request must not touch another tenant's
 * rows or the server's own either. Tables are read from the catalogue, so tables that later
 * migrations add are covered without listing them here.
 *
 * Left out:
 * - `workers.status`, `last_heartbeat_at`, `updated_at`: the engine keeps worker liveness up
 *   to date in the background, with no request at all (a registered worker turns INACTIVE
 *   when its heartbeats stop).
 * - `incoming_webhook_requests`: a webhook's delivery log records refused deliveries too, by
 *   design (the dashboard shows an integrator why theirs were refused), and trims itself to
 *   the newest 100. That a refused delivery creates no event is still checked (`events`).
 * - `webhook_worker_requests`: the server health-checks every webhook worker that has not
 *   answered yet every few seconds, with no request at all, and logs each check.
 * Nothing else needs leaving out: request rate limits and the login throttle are counted in
 * memory, not in tables, and sessions have no last-seen column (their expiry never slides).
 */
import type { Queryable } from '@trellis/db';

const UNCOMPARED_COLUMNS: Record<string, readonly string[]> = {
  workers: ['status', 'last_heartbeat_at', 'updated_at'],
};
const UNCOMPARED_TABLES = ['incoming_webhook_requests', 'webhook_worker_requests'];

export type Fingerprint = Record<string, string>;

/** Builds the one statement that fingerprints every table of the public schema. */
async function fingerprintStatement(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ table_name: string; columns: string[] }>(
    `SELECT table_name, array_agg(column_name::text ORDER BY ordinal_position) AS columns
       FROM information_schema.columns
      WHERE table_schema = 'public'
      GROUP BY table_name
      ORDER BY table_name`,
  );
  return rows
    .filter(({ table_name: table }) => !UNCOMPARED_TABLES.includes(table))
    .map(({ table_name: table, columns }) => {
      const skipped = UNCOMPARED_COLUMNS[table] ?? [];
      const kept = columns.filter((column) => !skipped.includes(column));
      const list = kept.map((column) => `"${column}"`).join(', ');
      // A sum of row hashes: independent of row order, so no sort.
      return `SELECT '${table}' AS name, count(*) || ':' || coalesce(sum(hashtextextended(r::text, 0)), 0) AS digest
                FROM (SELECT ${list} FROM "${table}") r`;
    })
    .join('\nUNION ALL\n');
}

/** Returns a function that takes the fingerprint now (one statement per call). */
export async function createFingerprinter(db: Queryable): Promise<() => Promise<Fingerprint>> {
  const statement = await fingerprintStatement(db);
  return async () => {
    const { rows } = await db.query<{ name: string; digest: string }>(statement);
    return Object.fromEntries(rows.map((row) => [row.name, row.digest]));
  };
}
