import { afterEach, describe, expect, it } from 'vitest';
import { DAILY_TABLES, listDays, maintainHistoryPartitions } from './history-partitions';
import { DAY_MS, newRunId, newTaskExternalId, runIdRangeOfDay, taskIdOf } from './day-ids';
import { createTestDatabase, type TestDatabase } from '../test/test-database';

let test: TestDatabase | undefined;
afterEach(async () => {
  await test?.drop();
});

const RETENTION_MS = 30 * DAY_MS;
const TENANT = '00000000-0000-4000-8000-000000000001';

async function insertTaskEvent(db: TestDatabase['db'], createdAt: string, message: string) {
  await db.query(
    `INSERT INTO task_events (tenant_id, task_id, retry_count, event_type, created_at, message)
     VALUES ($1, 1, 0, 'FINISHED', $2, $3)`,
    [TENANT, createdAt, message],
  );
}

/** Each task event's message and the partition it is stored in. */
async function taskEventHomes(db: TestDatabase['db']) {
  const { rows } = await db.query<{ message: string; home: string }>(
    `SELECT message, tableoid::regclass::text AS home FROM task_events ORDER BY created_at`,
  );
  return rows;
}

const days = (list: number[]) =>
  list.map((day) => new Date(day * DAY_MS).toISOString().slice(0, 10));

describe('history partitions', () => {
  it('creates the days around now, drops expired days whole, and moves or expires strays', async () => {
    test = await createTestDatabase({ migrate: true });
    const { db } = test;
    await db.query(`INSERT INTO tenants (id, name, slug) VALUES ($1, 'Acme', 'acme')`, [TENANT]);
    // Rows from before any day existed (as after the migration) wait in the DEFAULT partition.
    await insertTaskEvent(db, '2026-01-01T00:00:00Z', 'old stray');
    await insertTaskEvent(db, '2026-06-15T10:00:00Z', 'june');
    await insertTaskEvent(db, '2027-01-01T00:00:00Z', 'future stray');

    let now = new Date('2026-06-15T12:00:00Z');
    const first = await maintainHistoryPartitions(db, {
      retentionMs: RETENTION_MS,
      now: () => now,
    });
    // Yesterday to three days ahead, for every history table.
    for (const table of DAILY_TABLES) {
      expect(days(await listDays(db, table))).toEqual([
        '2026-06-14',
        '2026-06-15',
        '2026-06-16',
        '2026-06-17',
        '2026-06-18',
      ]);
    }
    expect(first.created).toHaveLength(5 * DAILY_TABLES.length);
    expect(first.dropped).toEqual([]);
    // Past retention already: the January stray is deleted; June's row moved into its day.
    expect(first.strayRowsDeleted).toBe(1);
    expect(await taskEventHomes(db)).toEqual([
      { message: 'june', home: 'task_events_p20260615' },
      { message: 'future stray', home: 'task_events_default' },
    ]);

    // A second pass at the same time changes nothing.
    expect(
      await maintainHistoryPartitions(db, { retentionMs: RETENTION_MS, now: () => now }),
    ).toEqual({ created: [], dropped: [], skipped: [], strayRowsDeleted: 0 });

    // 35 days on: June's days are past retention and go whole; a row written today stays.
    now = new Date('2026-07-20T12:00:00Z');
    await insertTaskEvent(db, '2026-07-20T11:00:00Z', 'live');
    await db.query(
      `INSERT INTO events (id, tenant_id, key, payload, event_timestamp, created_at)
       VALUES (gen_random_uuid(), $1, 'order.created', '{}', $2, $2)`,
      [TENANT, '2026-07-20T11:30:00Z'],
    );
    const later = await maintainHistoryPartitions(db, {
      retentionMs: RETENTION_MS,
      now: () => now,
    });
    expect(later.dropped).toContain('task_events_p20260615');
    expect(later.dropped).toHaveLength(5 * DAILY_TABLES.length);
    expect(days(await listDays(db, 'task_events'))).toEqual([
      '2026-07-19',
      '2026-07-20',
      '2026-07-21',
      '2026-07-22',
      '2026-07-23',
    ]);
    // Written before its day existed (the clock jumped), the live row waited in the default
    // partition and moved into its day when the pass created it.
    expect(await taskEventHomes(db)).toEqual([
      { message: 'live', home: 'task_events_p20260720' },
      { message: 'future stray', home: 'task_events_default' },
    ]);
    const { rows: events } = await db.query<{ key: string }>(`SELECT key FROM events`);
    expect(events).toEqual([{ key: 'order.created' }]);

    // The clock reaches the future stray's day: it moves into that day, untouched.
    now = new Date('2026-12-31T06:00:00Z');
    const newYear = await maintainHistoryPartitions(db, {
      retentionMs: RETENTION_MS,
      now: () => now,
    });
    expect(newYear.created).toContain('task_events_p20270101');
    expect(await taskEventHomes(db)).toEqual([
      { message: 'future stray', home: 'task_events_p20270101' },
    ]);
    // Lists keep working across the partitions.
    const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM task_events`);
    expect(rows[0]?.n).toBe(1);
  });

  it('drops a day of runs whole with its tasks and durable nodes, once none of its runs is live', async () => {
    test = await createTestDatabase({ migrate: true });
    const { db } = test;
    const at = (iso: string) => Date.parse(iso);
    let seq = 0;
    /** A run made at `createdAt` with one task and one durable node, as the engine writes them. */
    const insertRun = async (runId: string, createdAt: number, status: string) => {
      const taskId = taskIdOf(runId, String(++seq));
      const finishedAt = status === 'RUNNING' ? null : new Date(createdAt + 60_000);
      await db.query(
        `INSERT INTO workflow_runs (id, tenant_id, workflow_id, workflow_version_id, kind, status,
                                    input, created_at, finished_at)
         VALUES ($1, $2, gen_random_uuid(), gen_random_uuid(), 'TASK', $3, '{}', $4, $5)`,
        [runId, TENANT, status, new Date(createdAt), finishedAt],
      );
      await db.query(
        `INSERT INTO tasks (id, external_id, tenant_id, run_id, step_id, readable_id, action_id,
                            status, created_at, finished_at)
         VALUES ($1, $2, $3, $4, gen_random_uuid(), 'step', 'wf:step', $5, $6, $7)`,
        [taskId, newTaskExternalId(runId), TENANT, runId, status, new Date(createdAt), finishedAt],
      );
      await db.query(
        `INSERT INTO durable_nodes (task_id, tenant_id, branch_id, node_id, kind,
                                    invocation_count, visited_by, created_at)
         VALUES ($1, $2, 1, 1, 'WAIT_FOR', 1, 1, $3)`,
        [taskId, TENANT, new Date(createdAt)],
      );
      return runId;
    };
    /** Where each run, task and node lives, by run id. */
    const homes = async () => {
      const { rows } = await db.query<{ run: string; home: string }>(
        `SELECT id::text AS run, tableoid::regclass::text AS home FROM workflow_runs
         UNION ALL SELECT run_id::text, tableoid::regclass::text FROM tasks
         UNION ALL SELECT t.run_id::text, n.tableoid::regclass::text
           FROM durable_nodes n JOIN tasks t ON t.id = n.task_id
         ORDER BY 1, 2`,
      );
      return rows;
    };

    // From before the migration: a v4 run id and a small task id, finished in January.
    const legacy = '3f0c6a52-1b7e-4c7e-9a55-2f6f1a0b9c11';
    await insertRun(legacy, at('2026-01-01T00:00:00Z'), 'COMPLETED');
    // A v4 id that happens to fall in the range of 2026-06-17's run ids waits in DEFAULT.
    const [june17] = runIdRangeOfDay(at('2026-06-17T00:00:00Z') / DAY_MS);
    const stray = `${june17.slice(0, 14)}4abc-8abc-0123456789ab`;
    await insertRun(stray, at('2026-06-10T00:00:00Z'), 'RUNNING');

    let now = new Date('2026-06-15T12:00:00Z');
    const pass = () => maintainHistoryPartitions(db, { retentionMs: RETENTION_MS, now: () => now });
    const first = await pass();
    // June 17th's runs are left to DEFAULT, which holds a row of theirs that must not move.
    expect(first.skipped).toEqual(['workflow_runs_p20260617']);
    expect(days(await listDays(db, 'workflow_runs'))).toEqual([
      '2026-06-14',
      '2026-06-15',
      '2026-06-16',
      '2026-06-18',
    ]);
    expect(days(await listDays(db, 'tasks'))).toHaveLength(5);
    // The legacy run finished before the retention period: it and its task and node go.
    expect(first.strayRowsDeleted).toBe(3);

    const finished = await insertRun(
      newRunId(at('2026-06-15T09:00:00Z')),
      at('2026-06-15T09:00:00Z'),
      'COMPLETED',
    );
    const live = await insertRun(
      newRunId(at('2026-06-15T10:00:00Z')),
      at('2026-06-15T10:00:00Z'),
      'RUNNING',
    );
    const nextDay = await insertRun(
      newRunId(at('2026-06-16T10:00:00Z')),
      at('2026-06-16T10:00:00Z'),
      'FAILED',
    );
    const each = (run: string, home: string) =>
      ['durable_nodes', 'tasks', 'workflow_runs'].map((table) => ({
        run,
        home: `${table}_${home}`,
      }));
    expect(await homes()).toEqual(
      [
        ...each(finished, 'p20260615'),
        ...each(live, 'p20260615'),
        ...each(nextDay, 'p20260616'),
        ...each(stray, 'default'),
      ].sort((a, b) => (a.run + a.home < b.run + b.home ? -1 : 1)),
    );

    // 35 days on: June 16th goes whole; June 15th stays for its running run, finished one too.
    now = new Date('2026-07-20T12:00:00Z');
    const later = await pass();
    expect(later.dropped).toEqual(
      expect.arrayContaining([
        'durable_nodes_p20260616',
        'tasks_p20260616',
        'workflow_runs_p20260616',
      ]),
    );
    expect(later.dropped).not.toContain('workflow_runs_p20260615');
    expect(later.dropped).not.toContain('tasks_p20260615');
    expect((await homes()).map((row) => row.run)).toEqual(
      expect.arrayContaining([finished, live, stray]),
    );
    expect((await homes()).map((row) => row.run)).not.toContain(nextDay);

    // The run finishes: the next pass drops its day, with its tasks and nodes.
    await db.query(
      `UPDATE workflow_runs SET status = 'COMPLETED', finished_at = $2 WHERE id = $1`,
      [live, now],
    );
    const last = await pass();
    expect(last.dropped).toEqual([
      'durable_nodes_p20260615',
      'tasks_p20260615',
      'workflow_runs_p20260615',
    ]);
    // The stray still runs: kept in DEFAULT whatever its age.
    expect((await homes()).map((row) => row.run)).toEqual([stray, stray, stray]);
  });
});
