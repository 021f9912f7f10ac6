import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database';
import {
  DAY_MS,
  dayOfRunId,
  newRunId,
  sqlTaskInRunDay,
  taskIdOf,
  taskIdRangeOfDay,
} from './day-ids';
import { maintainHistoryPartitions, partitionName } from './history-partitions';
import { createTestDatabase, type TestDatabase } from '../test/test-database';

const TENANT = '00000000-0000-4000-8000-000000000001';
const NOW = new Date('2026-11-28T12:00:00Z');
const LEGACY_RUN = '3f0c6a52-1b7e-4c7e-9a55-2f6f1a0b9c11';

let test: TestDatabase;
let db: Database;
beforeAll(async () => {
  test = await createTestDatabase({ migrate: true });
  db = test.db;
  await maintainHistoryPartitions(db, { now: () => NOW });
});
afterAll(() => test?.drop());

async function insertRun(runId: string, taskSeqs: number[], workerId: string | null) {
  await db.query(
    `INSERT INTO workflow_runs (id, tenant_id, workflow_id, workflow_version_id, kind, status, input)
     VALUES ($1, $2, gen_random_uuid(), gen_random_uuid(), 'TASK', 'COMPLETED', '{}')`,
    [runId, TENANT],
  );
  for (const seq of taskSeqs) {
    await db.query(
      `INSERT INTO tasks (id, external_id, tenant_id, run_id, step_id, readable_id, action_id,
                          status, worker_id)
       VALUES ($1, gen_random_uuid(), $2, $3, gen_random_uuid(), 'step', 'wf:step', 'COMPLETED', $4)`,
      [runId === LEGACY_RUN ? String(seq) : taskIdOf(runId, String(seq)), TENANT, runId, workerId],
    );
  }
}

describe('first_task_id_of_run_day', () => {
  it('agrees with day-ids.ts for run ids of any day, and gives day 0 to ids that are not v7', async () => {
    const ids = [
      newRunId(NOW.getTime()),
      newRunId(NOW.getTime() - 3 * DAY_MS),
      newRunId(Math.floor(NOW.getTime() / DAY_MS) * DAY_MS),
      newRunId(Math.ceil(NOW.getTime() / DAY_MS) * DAY_MS - 1),
      newRunId(Date.parse('2089-01-01T00:00:00Z')),
      LEGACY_RUN,
    ];
    const { rows } = await db.query<{ first: string }>(
      `SELECT first_task_id_of_run_day(id)::text AS first FROM unnest($1::uuid[]) AS id`,
      [ids],
    );
    expect(rows.map((row) => row.first)).toEqual(
      ids.map((id) => taskIdRangeOfDay(dayOfRunId(id))[0]),
    );
    expect(rows.at(-1)!.first).toBe('0');
  });

  it("reads only the run's day of tasks from a correlated lookup, and finds every run's tasks", async () => {
    const worker = '00000000-0000-4000-8000-0000000000aa';
    const today = newRunId(NOW.getTime());
    const yesterday = newRunId(NOW.getTime() - DAY_MS);
    await insertRun(today, [1, 2], worker);
    await insertRun(yesterday, [3], worker);
    await insertRun(newRunId(NOW.getTime() + 1), [4], null);
    await insertRun(LEGACY_RUN, [5], worker);

    const lookup = `SELECT r.id FROM workflow_runs r WHERE r.tenant_id = $1 AND EXISTS (
        SELECT 1 FROM tasks t WHERE t.run_id = r.id AND ${sqlTaskInRunDay('t.id', 'r.id')}
           AND t.worker_id = $2)
      ORDER BY r.id`;
    const { rows } = await db.query<{ id: string }>(lookup, [TENANT, worker]);
    expect(rows.map((row) => row.id)).toEqual([LEGACY_RUN, yesterday, today].sort());

    // The plan of a lookup run by run, as a page of a large table would be planned: each run
    // reads the one partition its day names. (With a few runs the planner would rather read
    // all the tasks once, so the lookup by index, run by run, is asked for.)
    const plan = await db.transaction(async (tx) => {
      for (const method of ['hashjoin', 'mergejoin', 'material', 'seqscan', 'bitmapscan'])
        await tx.query(`SET LOCAL enable_${method} = off`);
      const { rows } = await tx.query<{ 'QUERY PLAN': unknown }>(
        `EXPLAIN (ANALYZE, FORMAT JSON) ${lookup}`,
        [TENANT, worker],
      );
      return JSON.stringify(rows[0]!['QUERY PLAN']);
    });
    const scans = [...plan.matchAll(/"Relation Name":"(tasks_[^"]+)"[^}]*?"Actual Loops":(\d+)/g)];
    const read = scans.filter(([, , loops]) => Number(loops) > 0).map(([, name]) => name);
    const partitions = [today, yesterday, LEGACY_RUN].map((id) =>
      dayOfRunId(id) === 0 ? 'tasks_default' : partitionName('tasks', dayOfRunId(id)),
    );
    expect(new Set(read)).toEqual(new Set(partitions));
    expect(scans.length).toBeGreaterThan(partitions.length);
  });
});
