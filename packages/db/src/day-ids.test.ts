import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  dayOfRunId,
  newRunId,
  newTaskExternalId,
  runIdRangeOfDay,
  taskIdOf,
  taskIdRangeOfDay,
  taskIdRangeOfExternalId,
  taskIdRangeOfRuns,
  taskIdSpan,
  runIdSpanOfTasks,
} from './day-ids';

const NOON = Date.parse('2026-11-28T12:00:00Z');
const DAY = NOON / DAY_MS - 0.5;
const within = (value: bigint, [from, to]: [string, string]) =>
  value >= BigInt(from) && value < BigInt(to);

describe('ids that carry their day', () => {
  it('makes run ids that are UUIDv7 of the time given, inside their day', () => {
    const id = newRunId(NOON);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(dayOfRunId(id)).toBe(DAY);
    const [from, to] = runIdRangeOfDay(DAY);
    expect(id > from && id < to).toBe(true);
    // The last millisecond of the day is still in it; the next day's first is not.
    expect(newRunId((DAY + 1) * DAY_MS - 1) < to).toBe(true);
    expect(newRunId((DAY + 1) * DAY_MS) >= to).toBe(true);
    expect(newRunId(NOON)).not.toBe(id);
  });

  it("puts a run's tasks in the run's day, whatever number the sequence gave", () => {
    const runId = newRunId(NOON);
    for (const seq of ['1', '987654321', String(2n ** 37n + 5n)]) {
      expect(within(BigInt(taskIdOf(runId, seq)), taskIdRangeOfDay(DAY))).toBe(true);
    }
    expect(BigInt(taskIdOf(runId, '7')) < BigInt(taskIdOf(runId, '8'))).toBe(true);
    // A later day's tasks sort after: the queue's order by task id stays oldest first.
    const tomorrow = newRunId(NOON + DAY_MS);
    expect(BigInt(taskIdOf(tomorrow, '1')) > BigInt(taskIdOf(runId, '2'))).toBe(true);
  });

  it('bounds the tasks of several runs by their first and last days', () => {
    const runs = [newRunId(NOON + DAY_MS), newRunId(NOON), newRunId(NOON + DAY_MS)];
    expect(taskIdRangeOfRuns(runs)).toEqual([
      taskIdRangeOfDay(DAY)[0],
      taskIdRangeOfDay(DAY + 1)[1],
    ]);
    for (const run of runs) {
      expect(within(BigInt(taskIdOf(run, '3')), taskIdRangeOfRuns(runs))).toBe(true);
    }
  });

  it('bounds the runs of tasks by the days the tasks span', () => {
    const today = newRunId(NOON);
    const tomorrow = newRunId(NOON + DAY_MS);
    const tasks = [taskIdOf(tomorrow, '9'), taskIdOf(today, '12'), taskIdOf(today, '3')];
    expect(taskIdSpan(tasks)).toEqual([taskIdOf(today, '3'), taskIdOf(tomorrow, '9')]);
    const [lo, hi] = runIdSpanOfTasks(tasks);
    expect(lo).toBe(runIdRangeOfDay(DAY)[0]);
    expect(today >= lo && tomorrow <= hi).toBe(true);
    expect(newRunId((DAY + 2) * DAY_MS - 1) <= hi).toBe(true);
    expect(newRunId((DAY + 2) * DAY_MS) > hi).toBe(true);
    // A task of a run from before the migration: its run's v4 id may be anything.
    expect(runIdSpanOfTasks(['42', ...tasks])).toEqual([
      '00000000-0000-0000-0000-000000000000',
      'ffffffff-ffff-ffff-ffff-ffffffffffff',
    ]);
  });

  it("names a task's day from its external id", () => {
    const runId = newRunId(NOON);
    const externalId = newTaskExternalId(runId);
    expect(dayOfRunId(externalId)).toBe(DAY);
    expect(taskIdRangeOfExternalId(externalId)).toEqual(taskIdRangeOfDay(DAY));
    expect(newTaskExternalId(runId)).not.toBe(externalId);
  });

  it('counts ids from before the migration (v4) as day 0, whose tasks keep their numbers', () => {
    const legacy = '3f0c6a52-1b7e-4c7e-9a55-2f6f1a0b9c11';
    expect(dayOfRunId(legacy)).toBe(0);
    expect(taskIdOf(legacy, '42')).toBe('42');
    expect(newTaskExternalId(legacy)[14]).toBe('4');
    expect(taskIdRangeOfExternalId(legacy)).toEqual(['0', String(2n ** 37n)]);
  });
});
