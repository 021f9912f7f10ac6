import type { Database, Queryable } from './database';

/**
 * History kept in daily partitions (migration `history_partitions`): the append-only tables below are
 * partitioned by range of `created_at`, one partition per UTC day named `<table>_pYYYYMMDD`,
 * plus a DEFAULT partition for rows outside every day that exists.
 *
 * A pass makes sure the days around now exist (yesterday to DAYS_AHEAD days ahead, so a write
 * never waits on this) and drops the days whose every row is older than the retention period:
 * DETACH then DROP, a catalog change however many rows the day holds, where a DELETE would
 * write every row again and leave the table to vacuum. Rows in the DEFAULT partition (a
 * worker's clock far off, rows from before the migration) are moved into their day when it is
 * created, and past the retention period are the only rows deleted one by one.
 *
 * One process runs this: the one holding the engine lease on PostgreSQL (main.ts starts it
 * after the lease), the only one on PGlite. A pass that fails (a lock not granted within
 * LOCK_TIMEOUT behind a long query) changes nothing and is tried again at the next pass.
 */
export const HISTORY_TABLES = ['task_events', 'task_logs', 'task_stream_events', 'events'] as const;
export type HistoryTable = (typeof HISTORY_TABLES)[number];

const DAY_MS = 86_400_000;
/** Days created ahead of today: the server may run that long without a pass. */
const DAYS_AHEAD = 3;
/** How long a pass waits for a table lock (attach and detach take brief exclusive ones). */
const LOCK_TIMEOUT = '5s';
/** The advisory lock that one pass's changes hold, whichever process makes them ('TRLH'). */
const HISTORY_LOCK = 0x54524c48;

export const HISTORY_PARTITION_DEFAULTS = {
  /** Kept this long (the reference's default tenant retention period, 720h). */
  retentionMs: 30 * DAY_MS,
  everyMs: 15 * 60_000,
} as const;

export interface HistoryPartitionsOptions {
  /** History older than this is dropped, a whole day at a time. */
  retentionMs?: number;
  /** Time between passes. */
  everyMs?: number;
  now?: () => Date;
  onError?: (error: unknown) => void;
  /** Told what a pass changed, when it changed something. */
  onChange?: (change: HistoryPassResult) => void;
}

export interface HistoryPassResult {
  created: string[];
  dropped: string[];
  /** Rows deleted one by one from the DEFAULT partitions (past retention, outside every day). */
  strayRowsDeleted: number;
}

/**
 * Runs one pass now (so today's partitions exist before the engine writes), then one every
 * `everyMs`. Resolves with the function that stops it.
 */
export async function startHistoryPartitions(
  db: Database,
  options: HistoryPartitionsOptions = {},
): Promise<() => void> {
  const onError = options.onError ?? ((error) => console.error('[trellis/db] history', error));
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const pass = async () => {
    try {
      const result = await maintainHistoryPartitions(db, options);
      if (result.created.length || result.dropped.length || result.strayRowsDeleted) {
        options.onChange?.(result);
      }
    } catch (error) {
      if (!stopped) onError(error);
    }
    if (!stopped) {
      timer = setTimeout(() => void pass(), options.everyMs ?? HISTORY_PARTITION_DEFAULTS.everyMs);
    }
  };
  await pass();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/**
 * One pass over every history table: missing days created, expired days dropped, expired
 * strays deleted. Creating and dropping are one transaction each, whatever the number of days
 * (a first start creates twenty partitions).
 */
export async function maintainHistoryPartitions(
  db: Database,
  options: Pick<HistoryPartitionsOptions, 'retentionMs' | 'now'> = {},
): Promise<HistoryPassResult> {
  const now = (options.now ?? (() => new Date()))();
  const retentionMs = options.retentionMs ?? HISTORY_PARTITION_DEFAULTS.retentionMs;
  const today = startOfUtcDay(now);
  const cutoff = now.getTime() - retentionMs;
  const expired = (day: number) => day + DAY_MS <= cutoff;
  const wanted: number[] = [];
  for (let day = -1; day <= DAYS_AHEAD; day++) wanted.push(today + day * DAY_MS);

  // Several server processes may run this at once: each change is made under one lock, from
  // what the database holds once it is taken, so that no day is created or dropped twice.
  const changeDays = (choose: (existing: Set<number>) => number[], change: typeof createDay) =>
    db.transaction(async (tx) => {
      await tx.exec(`SET LOCAL lock_timeout = '${LOCK_TIMEOUT}'`);
      await tx.query('SELECT pg_advisory_xact_lock($1)', [HISTORY_LOCK]);
      const changed: [HistoryTable, number][] = [];
      for (const table of HISTORY_TABLES) {
        for (const day of choose(new Set(await listDays(tx, table)))) changed.push([table, day]);
      }
      for (const [table, day] of changed) await change(tx, table, day);
      return changed;
    });
  // A day already past retention is not created (the clock moved far ahead).
  const toCreate = await changeDays(
    (existing) => wanted.filter((day) => !existing.has(day) && !expired(day)),
    createDay,
  );
  const toDrop = await changeDays((existing) => [...existing].filter(expired), dropDay);
  const deletes = HISTORY_TABLES.map(
    (table) => `${table}_gone AS (DELETE FROM ${table}_default WHERE created_at < $1 RETURNING 1)`,
  );
  const counts = HISTORY_TABLES.map((table) => `(SELECT count(*) FROM ${table}_gone)`);
  const { rows } = await db.query<{ deleted: number }>(
    `WITH ${deletes.join(', ')} SELECT (${counts.join(' + ')})::int AS deleted`,
    [new Date(cutoff)],
  );
  return {
    created: toCreate.map(([table, day]) => partitionName(table, day)),
    dropped: toDrop.map(([table, day]) => partitionName(table, day)),
    strayRowsDeleted: rows[0]?.deleted ?? 0,
  };
}

/** The days that have a partition, as the UTC midnight they start at (ms). */
export async function listDays(db: Queryable, table: HistoryTable): Promise<number[]> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT c.relname AS name
       FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = $1::text::regclass`,
    [table],
  );
  const prefix = `${table}_p`;
  return rows
    .map((row) => row.name)
    .filter((name) => name.startsWith(prefix) && /^\d{8}$/.test(name.slice(prefix.length)))
    .map((name) => {
      const digits = name.slice(prefix.length);
      return Date.UTC(+digits.slice(0, 4), +digits.slice(4, 6) - 1, +digits.slice(6, 8));
    })
    .sort((a, b) => a - b);
}

/**
 * Built beside the table and attached, rather than created as a partition at once: the
 * DEFAULT partition may hold rows of this day, which must move in first (attaching checks
 * that none are left behind).
 */
async function createDay(tx: Queryable, table: HistoryTable, day: number): Promise<void> {
  const name = partitionName(table, day);
  const from = new Date(day).toISOString();
  const to = new Date(day + DAY_MS).toISOString();
  await tx.exec(`CREATE TABLE ${name} (LIKE ${table} INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`);
  await tx.exec(
    `WITH moved AS (
       DELETE FROM ${table}_default WHERE created_at >= '${from}' AND created_at < '${to}'
       RETURNING *)
     INSERT INTO ${name} SELECT * FROM moved`,
  );
  await tx.exec(
    `ALTER TABLE ${table} ATTACH PARTITION ${name} FOR VALUES FROM ('${from}') TO ('${to}')`,
  );
}

async function dropDay(tx: Queryable, table: HistoryTable, day: number): Promise<void> {
  const name = partitionName(table, day);
  await tx.exec(`ALTER TABLE ${table} DETACH PARTITION ${name}`);
  await tx.exec(`DROP TABLE ${name}`);
}

function partitionName(table: HistoryTable, day: number): string {
  return `${table}_p${new Date(day).toISOString().slice(0, 10).replaceAll('-', '')}`;
}

function startOfUtcDay(date: Date): number {
  return Math.floor(date.getTime() / DAY_MS) * DAY_MS;
}
