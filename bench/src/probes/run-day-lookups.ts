/**
 * Probe: what bounding a correlated lookup of a run's tasks to the run's day does, with 30 days
 * of runs kept (migration run_day_task_ids). A fresh database on the PostgreSQL server at
 * TRELLIS_PROBE_DATABASE_URL gets 38 days of partitions and, for each of the last 30 days,
 * RUNS_PER_DAY runs of two tasks each, a tenth of them run by one worker. Then the runs list's
 * worker filter (50 newest runs, EXISTS over the runs' tasks) is run without and with the
 * bound: shared buffers read (machine-independent) and the median time of REPEAT runs.
 *
 * What it showed (2026-12-07): with the bound, 3,830 buffers against 30,631, but 91 ms
 * against 45: the bound's default selectivity makes the planner hash every run in the window
 * instead of walking the newest through a nested loop. So the lists' filters do without it;
 * lookups from a few runs known by id (a task by its run id, the failure alert, the timings
 * tree) keep it, where the nested loop is the only plan.
 *
 *   npx tsx bench/src/probes/run-day-lookups.ts   (default postgres://root@127.0.0.1:5432/postgres)
 */
import pg from 'pg';
import {
  DAY_MS,
  maintainHistoryPartitions,
  migrate,
  newRunId,
  openPostgresDatabase,
  sqlTaskInRunDay,
  taskIdOf,
} from '@trellis/db';

const RUNS_PER_DAY = 2_000;
const DAYS = 30;
const REPEAT = 50;
const TENANT = '00000000-0000-4000-8000-000000000001';
const WORKER = '00000000-0000-4000-8000-0000000000aa';

const serverUrl =
  process.env.TRELLIS_PROBE_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
const name = `trellis_probe_${Date.now()}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const db = openPostgresDatabase({ connectionString: url.toString() });
try {
  await migrate(db);
  const today = Math.floor(Date.now() / DAY_MS);
  for (let day = today - DAYS - 2; day <= today; day++) {
    await maintainHistoryPartitions(db, {
      now: () => new Date(day * DAY_MS),
      retentionMs: 90 * DAY_MS,
    });
  }
  let seq = 1;
  for (let day = today - DAYS + 1; day <= today; day++) {
    const runs: string[] = [];
    const tasks: [string, string, string | null][] = [];
    for (let i = 0; i < RUNS_PER_DAY; i++) {
      const runId = newRunId(day * DAY_MS + i * 1000);
      runs.push(runId);
      for (let k = 0; k < 2; k++) {
        tasks.push([taskIdOf(runId, String(seq++)), runId, i % 10 === 0 ? WORKER : null]);
      }
    }
    await db.query(
      `INSERT INTO workflow_runs (id, tenant_id, workflow_id, workflow_version_id, kind, status,
                                  input, created_at)
       SELECT id, $1, $2, $2, 'TASK', 'COMPLETED', '{}',
              to_timestamp(('x' || substr(replace(id::text, '-', ''), 1, 12))::bit(48)::bigint / 1000.0)
         FROM unnest($3::uuid[]) AS id`,
      [TENANT, '00000000-0000-4000-8000-0000000000bb', runs],
    );
    await db.query(
      `INSERT INTO tasks (id, external_id, tenant_id, run_id, step_id, readable_id, action_id,
                          status, worker_id)
       SELECT t.id, gen_random_uuid(), $1, t.run_id, $2, 'step', 'wf:step', 'COMPLETED', t.worker_id
         FROM jsonb_to_recordset($3::jsonb) AS t(id bigint, run_id uuid, worker_id uuid)`,
      [
        TENANT,
        '00000000-0000-4000-8000-0000000000cc',
        JSON.stringify(tasks.map(([id, run_id, worker_id]) => ({ id, run_id, worker_id }))),
      ],
    );
  }
  await db.query('ANALYZE');
  const { rows: partitions } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_inherits WHERE inhparent = 'tasks'::regclass`,
  );

  const list = (bound: boolean) => `SELECT r.id FROM workflow_runs r
     WHERE r.tenant_id = $1 AND r.created_at >= $2 AND EXISTS (
       SELECT 1 FROM tasks wt WHERE wt.run_id = r.id
          ${bound ? `AND ${sqlTaskInRunDay('wt.id', 'r.id')}` : ''} AND wt.worker_id = $3)
     ORDER BY r.created_at DESC, r.id DESC LIMIT 50`;
  const params = [TENANT, new Date((today - DAYS) * DAY_MS), WORKER];
  for (const bound of [false, true]) {
    const { rows } = await db.query<{ 'QUERY PLAN': [{ Plan: { 'Shared Hit Blocks': number } }] }>(
      `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${list(bound)}`,
      params,
    );
    if (process.env.SHOW_PLANS)
      console.log(
        JSON.stringify(
          rows[0]!['QUERY PLAN'][0].Plan,
          (k, v) => (k === 'Plans' || typeof v !== 'object' ? v : v),
          0,
        ).slice(0, 3000),
      );
    const times: number[] = [];
    for (let i = 0; i < REPEAT; i++) {
      const start = performance.now();
      await db.query(list(bound), params);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    console.log(
      `${bound ? 'bounded  ' : 'unbounded'}: ${rows[0]!['QUERY PLAN'][0].Plan['Shared Hit Blocks']} buffers, ` +
        `median ${times[REPEAT / 2]!.toFixed(2)} ms over ${REPEAT} (${partitions[0]!.n} partitions of tasks, ` +
        `${DAYS * RUNS_PER_DAY} runs)`,
    );
  }
} finally {
  await db.close();
  await admin.query(`DROP DATABASE ${name}`);
  await admin.end();
}
