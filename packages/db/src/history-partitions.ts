import type { Database, Queryable } from './database';
import { DAY_MS, runIdRangeOfDay, taskIdRangeOfDay } from './day-ids';

/**
 * History, runs and tasks kept in daily partitions, one per UTC day named `<table>_pYYYYMMDD`,
 * plus a DEFAULT partition for rows outside every day that exists:
 *
 * - the append-only history (migration `history_partitions`) by range of `created_at`;
 * - runs, tasks and durable nodes (migration `run_partitions`) by range of id, whose day is
 *   the run's (day-ids.ts), so that a run and everything of it share one day.
 *
 * A pass makes sure the days around now exist (yesterday to DAYS_AHEAD days ahead, so a write
 * never waits on this) and drops the days past the retention period: DETACH then DROP, a
 * catalog change however many rows the day holds, where a DELETE would write every row again
 * and leave the table to vacuum. A day of runs is dropped only once none of its runs is still
 * queued or running; its history may go before it (a run older than the retention period
 * keeps its tasks and results, not its timeline).
 *
 * Rows of a day that did not exist when they were written wait in the DEFAULT partition. The
 * history's move into their day when it is created. Runs, tasks and durable nodes are updated
 * in place, and a row moved under an update would lose it, so theirs stay: such a day is left
 * to the DEFAULT partition (`skipped`), which happens only to a day whose range holds a run from
 * before the migration (a v4 id that happens to fall in it) or a row written with a clock days
 * ahead. Rows in DEFAULT past the retention period are the only ones deleted one by one.
 *
 * Every process runs the passes; each change is made under one advisory lock. A pass that
 * fails (a lock not granted within LOCK_TIMEOUT behind a long query) changes nothing and is
 * tried again at the next pass.
 */
interface DailyTable {
  name: string;
  /** The column the days bound, and a day's bounds as SQL literals. */
  column: string;
  bounds(day: number): [string, string];
  /**
   * Runs, tasks and durable nodes: updated in place, so a day's rows already waiting in DEFAULT
   * stay there (the day is left to DEFAULT), and a day goes only once its runs are all final.
   * History rows move into their day, and their days go at the cutoff.
   */
  holdsRuns: boolean;
}

const byCreatedAt = (name: string): DailyTable => ({
  name,
  column: 'created_at',
  bounds: (day) => [
    new Date(day * DAY_MS).toISOString(),
    new Date((day + 1) * DAY_MS).toISOString(),
  ],
  holdsRuns: false,
});

/** Dropped in this order: durable nodes and tasks before the runs that decide when. */
const RUN_TABLES: readonly DailyTable[] = [
  { name: 'durable_nodes', column: 'task_id', bounds: taskIdRangeOfDay, holdsRuns: true },
  { name: 'tasks', column: 'id', bounds: taskIdRangeOfDay, holdsRuns: true },
  { name: 'workflow_runs', column: 'id', bounds: runIdRangeOfDay, holdsRuns: true },
];

export const HISTORY_TABLES = ['task_events', 'task_logs', 'task_stream_events', 'events'] as const;
export const DAILY_TABLES = [...HISTORY_TABLES, ...RUN_TABLES.map((table) => table.name)];
const TABLES: readonly DailyTable[] = [...HISTORY_TABLES.map(byCreatedAt), ...RUN_TABLES];

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
  /** History, runs and tasks older than this are dropped, a whole day at a time. */
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
  /** Days of runs, tasks or durable nodes left to DEFAULT, which already held rows of them. */
  skipped: string[];
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
      const { created, dropped, skipped, strayRowsDeleted } = result;
      if (created.length || dropped.length || skipped.length || strayRowsDeleted) {
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
 * One pass over every table: missing days created, expired days dropped, expired strays
 * deleted. Creating and dropping are one transaction each, whatever the number of days (a
 * first start creates thirty-five partitions).
 */
export async function maintainHistoryPartitions(
  db: Database,
  options: Pick<HistoryPartitionsOptions, 'retentionMs' | 'now'> = {},
): Promise<HistoryPassResult> {
  const now = (options.now ?? (() => new Date()))();
  const retentionMs = options.retentionMs ?? HISTORY_PARTITION_DEFAULTS.retentionMs;
  const today = Math.floor(now.getTime() / DAY_MS);
  const cutoff = now.getTime() - retentionMs;
  const expired = (day: number) => (day + 1) * DAY_MS <= cutoff;
  const wanted: number[] = [];
  for (let day = today - 1; day <= today + DAYS_AHEAD; day++) wanted.push(day);

  // Several server processes may run this at once: each change is made under one lock, from
  // what the database holds once it is taken, so that no day is created or dropped twice.
  const underLock = <T>(change: (tx: Queryable) => Promise<T>) =>
    db.transaction(async (tx) => {
      await tx.exec(`SET LOCAL lock_timeout = '${LOCK_TIMEOUT}'`);
      await tx.query('SELECT pg_advisory_xact_lock($1)', [HISTORY_LOCK]);
      return change(tx);
    });

  // A day already past retention is not created (the clock moved far ahead).
  const { created, skipped } = await underLock(async (tx) => {
    const result = { created: [] as string[], skipped: [] as string[] };
    for (const table of TABLES) {
      const existing = new Set(await listDays(tx, table.name));
      for (const day of wanted) {
        if (existing.has(day) || expired(day)) continue;
        const name = partitionName(table.name, day);
        if (table.holdsRuns && (await defaultHolds(tx, table, day))) {
          result.skipped.push(name);
        } else {
          await createDay(tx, table, day);
          result.created.push(name);
        }
      }
    }
    return result;
  });
  const dropped = await underLock(async (tx) => {
    const names: string[] = [];
    // Asked once per day for the three tables that hold runs.
    const live = new Map<number, Promise<boolean>>();
    const holdsLive = (day: number) => {
      if (!live.has(day)) live.set(day, holdsLiveRuns(tx, day));
      return live.get(day)!;
    };
    for (const table of TABLES) {
      for (const day of await listDays(tx, table.name)) {
        if (!expired(day)) continue;
        if (table.holdsRuns && (await holdsLive(day))) continue;
        await dropDay(tx, table.name, day);
        names.push(partitionName(table.name, day));
      }
    }
    return names;
  });
  const strayRowsDeleted = await underLock((tx) => deleteExpiredStrays(tx, new Date(cutoff)));
  return { created, dropped, skipped, strayRowsDeleted };
}

/** The days that have a partition, as days since 1970-01-01. */
export async function listDays(db: Queryable, table: string): Promise<number[]> {
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
      return Date.UTC(+digits.slice(0, 4), +digits.slice(4, 6) - 1, +digits.slice(6, 8)) / DAY_MS;
    })
    .sort((a, b) => a - b);
}

/**
 * Built beside the table and attached, rather than created as a partition at once: the
 * DEFAULT partition may hold history of this day, which must move in first (attaching checks
 * that none is left behind).
 */
async function createDay(tx: Queryable, table: DailyTable, day: number): Promise<void> {
  const name = partitionName(table.name, day);
  const [from, to] = table.bounds(day);
  await tx.exec(
    `CREATE TABLE ${name} (LIKE ${table.name} INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`,
  );
  if (!table.holdsRuns) {
    await tx.exec(
      `WITH moved AS (
         DELETE FROM ${table.name}_default
          WHERE ${table.column} >= '${from}' AND ${table.column} < '${to}'
         RETURNING *)
       INSERT INTO ${name} SELECT * FROM moved`,
    );
  }
  await tx.exec(
    `ALTER TABLE ${table.name} ATTACH PARTITION ${name} FOR VALUES FROM ('${from}') TO ('${to}')`,
  );
}

async function defaultHolds(tx: Queryable, table: DailyTable, day: number): Promise<boolean> {
  const [from, to] = table.bounds(day);
  const { rows } = await tx.query(
    `SELECT 1 FROM ${table.name}_default WHERE ${table.column} >= $1 AND ${table.column} < $2 LIMIT 1`,
    [from, to],
  );
  return rows.length > 0;
}

/** Whether a day of runs still has one queued or running (through workflow_runs_live_idx). */
async function holdsLiveRuns(tx: Queryable, day: number): Promise<boolean> {
  const [from, to] = runIdRangeOfDay(day);
  const { rows } = await tx.query(
    `SELECT 1 FROM workflow_runs
      WHERE id >= $1 AND id < $2 AND status IN ('QUEUED', 'RUNNING') LIMIT 1`,
    [from, to],
  );
  return rows.length > 0;
}

async function dropDay(tx: Queryable, table: string, day: number): Promise<void> {
  const name = partitionName(table, day);
  await tx.exec(`ALTER TABLE ${table} DETACH PARTITION ${name}`);
  await tx.exec(`DROP TABLE ${name}`);
}

/**
 * The rows in DEFAULT past retention: history by its time, runs finished before the cutoff
 * with their tasks and durable nodes (wherever those are).
 */
async function deleteExpiredStrays(tx: Queryable, cutoff: Date): Promise<number> {
  const history = HISTORY_TABLES.map(
    (table) => `${table}_gone AS (DELETE FROM ${table}_default WHERE created_at < $1 RETURNING 1)`,
  );
  const { rows } = await tx.query<{ deleted: number }>(
    `WITH ${history.join(', ')},
       runs_gone AS (
         DELETE FROM workflow_runs_default
          WHERE finished_at < $1 AND status NOT IN ('QUEUED', 'RUNNING')
         RETURNING id),
       tasks_gone AS (
         DELETE FROM tasks WHERE run_id IN (SELECT id FROM runs_gone) RETURNING id),
       nodes_gone AS (
         DELETE FROM durable_nodes WHERE task_id IN (SELECT id FROM tasks_gone) RETURNING 1)
     SELECT (${[...HISTORY_TABLES, 'runs', 'tasks', 'nodes']
       .map((table) => `(SELECT count(*) FROM ${table}_gone)`)
       .join(' + ')})::int AS deleted`,
    [cutoff],
  );
  return rows[0]?.deleted ?? 0;
}

export function partitionName(table: string, day: number): string {
  return `${table}_p${new Date(day * DAY_MS).toISOString().slice(0, 10).replaceAll('-', '')}`;
}
