import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { taskIdOf, taskIdRangeOfExternalId } from './day-ids';
import { maintainHistoryPartitions } from './history-partitions';
import { migrate } from './migrate';
import { createTestDatabase, type TestDatabase } from '../test/test-database';

const MIGRATIONS = path.join(import.meta.dirname, '..', 'migrations');
const TENANT = '00000000-0000-4000-8000-000000000001';
const RUN = '3f0c6a52-1b7e-4c7e-9a55-2f6f1a0b9c11';
const TASK = '6d1f2c3b-8a9e-4f70-b1c2-d3e4f5a6b7c8';

let test: TestDatabase | undefined;
let before: string | undefined;
afterEach(async () => {
  await test?.drop();
  if (before) fs.rmSync(before, { recursive: true, force: true });
});

describe('migration run_partitions', () => {
  it('keeps the runs, tasks and durable nodes written before it, and task ids go on after them', async () => {
    // A database as the previous release left it: every migration before this one.
    before = fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-before-run-partitions-'));
    for (const file of fs.readdirSync(MIGRATIONS)) {
      if (file < '0031') fs.copyFileSync(path.join(MIGRATIONS, file), path.join(before, file));
    }
    test = await createTestDatabase({ migrate: true, migrationsDir: before });
    const { db } = test;
    await db.query(
      `INSERT INTO workflow_runs (id, tenant_id, workflow_id, workflow_version_id, kind, status,
                                  input)
       VALUES ($1, $2, gen_random_uuid(), gen_random_uuid(), 'TASK', 'RUNNING', '{"n": 1}')`,
      [RUN, TENANT],
    );
    const { rows: inserted } = await db.query<{ id: string }>(
      `INSERT INTO tasks (external_id, tenant_id, run_id, step_id, readable_id, action_id, status)
       VALUES ($1, $2, $3, gen_random_uuid(), 'step', 'wf:step', 'RUNNING') RETURNING id::text`,
      [TASK, TENANT, RUN],
    );
    const oldTaskId = inserted[0]!.id;
    await db.query(
      `INSERT INTO durable_nodes (task_id, tenant_id, branch_id, node_id, kind, invocation_count,
                                  visited_by, created_at)
       VALUES ($1, $2, 1, 1, 'WAIT_FOR', 1, 1, now())`,
      [oldTaskId, TENANT],
    );

    expect(await migrate(db)).toContainEqual({ version: 31, name: 'run_partitions' });

    const { rows } = await db.query<{ home: string }>(
      `SELECT tableoid::regclass::text AS home FROM workflow_runs WHERE id = $1 AND input = '{"n": 1}'
       UNION ALL SELECT tableoid::regclass::text FROM tasks WHERE id = $2 AND external_id = $3
       UNION ALL SELECT tableoid::regclass::text FROM durable_nodes WHERE task_id = $2`,
      [RUN, oldTaskId, TASK],
    );
    expect(rows.map((row) => row.home)).toEqual([
      'workflow_runs_default',
      'tasks_default',
      'durable_nodes_default',
    ]);
    // A lookup by the old external id, bounded to its day (day 0), still finds it.
    const [from, to] = taskIdRangeOfExternalId(TASK);
    const { rows: found } = await db.query(
      `SELECT 1 FROM tasks WHERE external_id = $1 AND id >= $2 AND id < $3`,
      [TASK, from, to],
    );
    expect(found).toHaveLength(1);
    // The sequence continues after the old ids, so a new task of the old run cannot meet one.
    const { rows: next } = await db.query<{ seq: string }>(
      `SELECT nextval('task_ids')::text AS seq`,
    );
    expect(BigInt(taskIdOf(RUN, next[0]!.seq))).toBeGreaterThan(BigInt(oldTaskId));
    // Days are made around them, and the running run is not touched by retention.
    const pass = await maintainHistoryPartitions(db, { retentionMs: 0 });
    expect(pass.created).toContain(
      `workflow_runs_p${new Date().toISOString().slice(0, 10).replaceAll('-', '')}`,
    );
    expect(pass.strayRowsDeleted).toBe(0);
    const { rows: kept } = await db.query(`SELECT 1 FROM workflow_runs WHERE id = $1`, [RUN]);
    expect(kept).toHaveLength(1);
  });
});
