import { randomUUID } from 'node:crypto';
import { v7 } from 'uuid';

/**
 * Ids that carry their day (migration `run_partitions`): runs, tasks and durable nodes are
 * partitioned by range of id, one partition per UTC day, so an id alone says which partition
 * holds it, and every task of a run lies in its run's day.
 *
 * - A run id is a UUIDv7 (RFC 9562): its first 48 bits are the milliseconds it was made at.
 * - A task id is its run's day shifted left by TASK_DAY_SHIFT bits, plus a number drawn from
 *   the `task_ids` sequence (kept below 2^37 by a mask: the sequence would have to hand out
 *   137 billion ids within one day for two of that day to meet).
 * - A task's external id is a UUIDv7 with its run's milliseconds, so a lookup by it can name
 *   the one day to read (taskIdRangeOfExternalId).
 *
 * Runs from before the migration have v4 ids: they count as day 0 (1970-01-01), for which no
 * partition is ever made, so they and their tasks stay in the DEFAULT partitions.
 */
export const DAY_MS = 86_400_000;
const TASK_DAY_SHIFT = 37n;
const TASK_SEQ_MASK = (1n << TASK_DAY_SHIFT) - 1n;

/** A new run id made at `nowMs` (the engine's clock, which tests may move). */
export function newRunId(nowMs: number): string {
  return v7({ msecs: nowMs });
}

/** A new task external id for a task of `runId`: in its run's day. */
export function newTaskExternalId(runId: string): string {
  const msecs = uuidV7Time(runId);
  return msecs === undefined ? randomUUID() : v7({ msecs });
}

/** The id of a task of `runId` numbered `seq` by the task_ids sequence. */
export function taskIdOf(runId: string, seq: string): string {
  return ((BigInt(dayOfRunId(runId)) << TASK_DAY_SHIFT) | (BigInt(seq) & TASK_SEQ_MASK)).toString();
}

/** The UTC day (days since 1970-01-01) a run id belongs to: 0 for ids that are not UUIDv7. */
export function dayOfRunId(runId: string): number {
  const msecs = uuidV7Time(runId);
  return msecs === undefined ? 0 : Math.floor(msecs / DAY_MS);
}

/**
 * An SQL condition: the task id `taskId` lies in the day of the run id `runId` (both SQL
 * expressions, typically columns of a correlated subquery's inner and outer rows). Beside
 * `taskAlias.run_id = runAlias.id` it lets the database read that one day's partition of tasks
 * (migration run_day_task_ids).
 */
export function sqlTaskInRunDay(taskId: string, runId: string): string {
  const first = `first_task_id_of_run_day(${runId})`;
  return `${taskId} >= ${first} AND ${taskId} < ${first} + ${1n << TASK_DAY_SHIFT}`;
}

/** The task ids of a day, as [from, to) in decimal. */
export function taskIdRangeOfDay(day: number): [string, string] {
  const from = BigInt(day) << TASK_DAY_SHIFT;
  return [from.toString(), (from + (1n << TASK_DAY_SHIFT)).toString()];
}

/** The run ids of a day, as [from, to): the UUIDs whose time is the day's first millisecond. */
export function runIdRangeOfDay(day: number): [string, string] {
  return [uuidAtTime(day * DAY_MS), uuidAtTime((day + 1) * DAY_MS)];
}

/**
 * The ids the task with this external id may have: its run's day (day 0 for external ids from
 * before the migration). Added to a lookup by external id, it lets the database read one day.
 */
export function taskIdRangeOfExternalId(externalId: string): [string, string] {
  return taskIdRangeOfDay(dayOfRunId(externalId));
}

/**
 * The ids the tasks of these runs may have: from the first run's day to the last's. Added to a
 * lookup by run id, it lets the database read only those days (one, in a tick's batch).
 */
export function taskIdRangeOfRuns(runIds: readonly string[]): [string, string] {
  const days = runIds.map(dayOfRunId);
  if (days.length === 0) return ['0', '0'];
  return [taskIdRangeOfDay(Math.min(...days))[0], taskIdRangeOfDay(Math.max(...days))[1]];
}

/**
 * The smallest and largest of these task ids, for `id BETWEEN $lo AND $hi` beside a join on
 * them: the database then reads only the days they span (a join alone reads every day).
 */
export function taskIdSpan(taskIds: readonly string[]): [string, string] {
  if (taskIds.length === 0) return ['0', '-1'];
  let [lo, hi] = [BigInt(taskIds[0]!), BigInt(taskIds[0]!)];
  for (const id of taskIds) {
    const value = BigInt(id);
    if (value < lo) lo = value;
    if (value > hi) hi = value;
  }
  return [lo.toString(), hi.toString()];
}

/**
 * The run ids the runs of these tasks may have, for `id BETWEEN $lo AND $hi`: the days the
 * tasks span. A task of day 0 belongs to a run from before the migration, whose v4 id may be
 * anything, so then every id.
 */
export function runIdSpanOfTasks(taskIds: readonly string[]): [string, string] {
  return runIdSpanOfDays(taskIds.map((id) => Number(BigInt(id) >> TASK_DAY_SHIFT)));
}

/** The run ids the runs of the tasks with these external ids may have (see runIdSpanOfTasks). */
export function runIdSpanOfExternalIds(externalIds: readonly string[]): [string, string] {
  return runIdSpanOfDays(externalIds.map(dayOfRunId));
}

function runIdSpanOfDays(days: readonly number[]): [string, string] {
  if (days.length === 0) return [MAX_UUID, MIN_UUID];
  const [lo, hi] = [Math.min(...days), Math.max(...days)];
  if (lo === 0) return [MIN_UUID, MAX_UUID];
  return [
    runIdRangeOfDay(lo)[0],
    `${uuidAtTime((hi + 1) * DAY_MS - 1).slice(0, 14)}ffff-ffff-ffffffffffff`,
  ];
}

const MIN_UUID = '00000000-0000-0000-0000-000000000000';
const MAX_UUID = 'ffffffff-ffff-ffff-ffff-ffffffffffff';

/** The milliseconds in a UUIDv7, or undefined for any other UUID. */
function uuidV7Time(id: string): number | undefined {
  if (id.length !== 36 || id[14] !== '7') return undefined;
  const msecs = Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
  return Number.isFinite(msecs) ? msecs : undefined;
}

function uuidAtTime(msecs: number): string {
  const hex = msecs.toString(16).padStart(12, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-0000-0000-000000000000`;
}
