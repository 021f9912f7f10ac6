/**
 * The crons and scheduled runs benchmark (issue 15): on each backend, the real server
 * (`apps/server/src/main.ts`) and one SDK worker serving the no-op task, then
 *
 * - 1,000 crons `* * * * *` and 10,000 scheduled runs due within one second, all created over
 *   REST as the SDK creates them;
 * - the idle ticker: the server's statements over 20 s in which nothing falls due, with all of
 *   them waiting, as queries per minute;
 * - the crons firing at three minute boundaries, and the 10,000 schedules at their second;
 * - afterwards, from the runs: fire lateness (run created − due time) and start lateness (the
 *   worker's start − due time), and the duplicates and misses of every due time.
 *
 * `npm run bench:timers -w @trellis/bench [-- --backends pglite --crons 1000 --schedules 10000]`
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase, type Database } from '@trellis/db';
import {
  echoer,
  runBench,
  startBenchServer,
  writeResults,
  type Backend,
  log,
} from '../lib/bench-server';
import { sleep, spawnTs, stopAll, type Child } from '../lib/child';
import { machineInfo } from '../lib/machine';
import { processCpuMs } from '../lib/proc';
import type { RestSession } from '../lib/rest-session';
import { summarize, type LatencySummary } from '../lib/stats';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const WORKER = join(HERE, '../engine/trellis-worker.ts');
const MINUTE = 60_000;

const { values: opts } = parseArgs({
  options: {
    backends: { type: 'string', default: 'pglite,postgres' },
    'postgres-url': { type: 'string', default: 'postgres://root@127.0.0.1:5432/postgres' },
    crons: { type: 'string', default: '1000' },
    schedules: { type: 'string', default: '10000' },
    'cron-minutes': { type: 'string', default: '3' },
    slots: { type: 'string', default: '500' },
    'no-write': { type: 'boolean', default: false },
    /** Keep the PGlite data folder (its path is printed) to look into afterwards. */
    'keep-data': { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
  },
});
const CRONS = Number(opts.crons);
const SCHEDULES = Number(opts.schedules);
const CRON_MINUTES = Number(opts['cron-minutes']);

const cleanups: (() => Promise<void>)[] = [];

interface BackendResult {
  backend: 'pglite' | 'postgres';
  crons: number;
  schedules: number;
  idle: { windowSeconds: number; statements: number; statementsPerMinute: number };
  cronFires: {
    minutes: string[];
    fireLateness: LatencySummary;
    startLateness: LatencySummary;
    notStarted: number;
    late: number;
    duplicates: number;
    misses: number;
  };
  scheduleFires: {
    dueSecond: string;
    fireLateness: LatencySummary;
    startLateness: LatencySummary;
    notStarted: number;
    allFiredWithinMs: number;
    allStartedWithinMs: number;
    duplicates: number;
    misses: number;
    serverCpuMs: number;
  };
  setupSeconds: { crons: number; schedules: number };
}

/** The server's own statement counter (TRELLIS_STATS_FILE), read when asked. */
function statements(file: string): number {
  return (JSON.parse(readFileSync(file, 'utf8')) as { statements: number }).statements;
}

/** Runs `count` requests, `concurrency` at a time. */
async function inParallel(count: number, concurrency: number, send: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await send(next++);
    }),
  );
}

async function post(session: RestSession, path: string, body: unknown): Promise<void> {
  const response = await session.fetch(path, { method: 'POST', body });
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
}

async function untilTime(at: number): Promise<void> {
  const wait = at - Date.now();
  if (wait > 0) await sleep(wait);
}

async function runBackend(backend: Backend, admin?: pg.Client) {
  const tmp = mkdtempSync(join(tmpdir(), `trellis-timers-${backend}-`));
  if (opts['keep-data']) log(`${backend}: data kept in ${tmp}`);
  else cleanups.push(async () => rmSync(tmp, { recursive: true, force: true }));
  const statsFile = join(tmp, 'db-stats.json');
  const { server, session, sdkEnv, databaseOptions } = await startBenchServer({
    backend,
    tmp,
    admin,
    postgresUrl: opts['postgres-url']!,
    name: 'timers',
    verbose: opts.verbose!,
    cleanups,
    env: { TRELLIS_STATS_FILE: statsFile },
  });
  const worker: Child = spawnTs('worker', WORKER, [], {
    env: {
      ...sdkEnv,
      WORKER_NAME: 'timers-worker',
      WORKER_SLOTS: opts.slots!,
      EVENT_WORKFLOWS: '0',
    },
    echo: echoer(opts.verbose!),
  });
  await worker.waitForLine((l) => l === 'WORKER READY', 60_000);
  log(`${backend}: server and worker up`);

  const workflows = `/api/v1/tenants/${session.tenantId}/workflows`;
  const input = { id: 'timed', triggeredAt: 0 };
  let started = Date.now();
  await inParallel(CRONS, 8, (i) =>
    post(session, `${workflows}/bench-noop/crons`, {
      cronName: `bench-${i}`,
      cronExpression: '* * * * *',
      input,
      additionalMetadata: { bench: 'cron' },
    }),
  );
  const cronSetup = (Date.now() - started) / 1000;
  log(`${backend}: ${CRONS} crons created in ${cronSetup.toFixed(1)} s`);
  // The schedules' second falls half a minute after a cron minute that leaves time to make them.
  const firstMinute = Math.ceil((Date.now() + 90_000) / MINUTE) * MINUTE;
  const dueSecond = firstMinute + 35_000;
  started = Date.now();
  await inParallel(SCHEDULES, 8, (i) =>
    post(session, `${workflows}/bench-noop/scheduled`, {
      triggerAt: new Date(dueSecond + Math.floor((i / SCHEDULES) * 1000)).toISOString(),
      input,
      additionalMetadata: { bench: 'schedule' },
    }),
  );
  const scheduleSetup = (Date.now() - started) / 1000;
  log(`${backend}: ${SCHEDULES} scheduled runs created in ${scheduleSetup.toFixed(1)} s`);
  if (Date.now() > firstMinute) throw new Error('setup overran the first measured minute');

  // Idle: between the first measured minute's fires and the schedules' second.
  await untilTime(firstMinute + 8_000);
  const idleFrom = statements(statsFile);
  const idleStart = Date.now();
  await untilTime(firstMinute + 28_000);
  const idleStatements = statements(statsFile) - idleFrom;
  const idleSeconds = (Date.now() - idleStart) / 1000;
  log(`${backend}: idle ${idleStatements} statements in ${idleSeconds.toFixed(1)} s`);

  const cpuBefore = processCpuMs(server.pid);
  await untilTime(dueSecond + 15_000);
  const scheduleCpu = processCpuMs(server.pid) - cpuBefore;
  const lastMinute = firstMinute + (CRON_MINUTES - 1) * MINUTE;
  await untilTime(lastMinute + 20_000);
  await worker.stop();
  await server.stop(15_000);
  log(`${backend}: stopped; reading the runs`);

  const db = await openDatabase(databaseOptions);
  try {
    const minutes = Array.from({ length: CRON_MINUTES }, (_, i) => firstMinute + i * MINUTE);
    return {
      backend,
      crons: CRONS,
      schedules: SCHEDULES,
      setupSeconds: { crons: cronSetup, schedules: scheduleSetup },
      idle: {
        windowSeconds: idleSeconds,
        statements: idleStatements,
        statementsPerMinute: Math.round((idleStatements / idleSeconds) * 60 * 10) / 10,
      },
      cronFires: await cronFires(db, minutes),
      scheduleFires: { ...(await scheduleFires(db, dueSecond)), serverCpuMs: scheduleCpu },
    } satisfies BackendResult;
  } finally {
    await db.close();
  }
}

interface FireRow {
  due: Date;
  created: Date;
  started: Date | null;
  late: boolean;
}

async function cronFires(db: Database, minutes: number[]): Promise<BackendResult['cronFires']> {
  const { rows } = await db.query<FireRow & { cron: string }>(
    `SELECT r.triggering_cron_id AS cron, r.trigger_due_at AS due, r.created_at AS created,
            t.started_at AS started, r.trigger_late AS late
       FROM workflow_runs r JOIN tasks t ON t.run_id = r.id
      WHERE r.triggering_cron_id IS NOT NULL AND r.trigger_due_at = ANY($1::timestamptz[])`,
    [minutes.map((m) => new Date(m))],
  );
  const perFire = new Map<string, number>();
  for (const row of rows) {
    const key = `${row.cron}/${row.due.getTime()}`;
    perFire.set(key, (perFire.get(key) ?? 0) + 1);
  }
  const duplicates = [...perFire.values()].reduce((sum, n) => sum + n - 1, 0);
  return {
    minutes: minutes.map((m) => new Date(m).toISOString()),
    ...lateness(rows),
    late: rows.filter((r) => r.late).length,
    duplicates,
    misses: CRONS * minutes.length - perFire.size,
  };
}

async function scheduleFires(
  db: Database,
  dueSecond: number,
): Promise<Omit<BackendResult['scheduleFires'], 'serverCpuMs'>> {
  const { rows } = await db.query<FireRow & { schedule: string }>(
    `SELECT r.triggering_schedule_id AS schedule, r.trigger_due_at AS due, r.created_at AS created,
            t.started_at AS started, r.trigger_late AS late
       FROM workflow_runs r JOIN tasks t ON t.run_id = r.id
      WHERE r.triggering_schedule_id IS NOT NULL`,
  );
  const distinct = new Set(rows.map((r) => r.schedule)).size;
  const latest = (pick: (r: FireRow) => Date | null) =>
    Math.max(
      ...rows.flatMap((r) => {
        const at = pick(r);
        return at ? [at.getTime() - dueSecond] : [];
      }),
    );
  return {
    dueSecond: new Date(dueSecond).toISOString(),
    ...lateness(rows),
    allFiredWithinMs: latest((r) => r.created),
    allStartedWithinMs: latest((r) => r.started),
    duplicates: rows.length - distinct,
    misses: SCHEDULES - distinct,
  };
}

/** Lateness over the runs that started; those that had not by the end are counted apart. */
function lateness(rows: readonly FireRow[]) {
  const started = rows.filter((r) => r.started !== null);
  return {
    fireLateness: summarize(rows.map((r) => r.created.getTime() - r.due.getTime())),
    startLateness: summarize(started.map((r) => r.started!.getTime() - r.due.getTime())),
    notStarted: rows.length - started.length,
  };
}

function renderMarkdown(results: BackendResult[], machine: ReturnType<typeof machineInfo>) {
  const ms = (s: LatencySummary) => `${s.p50} / ${s.p99} / ${s.max}`;
  const lines = [
    `# Crons and scheduled runs benchmark, ${new Date().toISOString().slice(0, 16)}Z`,
    '',
    `Machine: ${machine.nproc} CPUs (${machine.cpuModel}), ${machine.ramGiB} GiB, node ${machine.node}, load at start ${machine.loadAverageAtStart.join(' ')}.`,
    `${CRONS} crons \`* * * * *\` measured over ${CRON_MINUTES} minutes; ${SCHEDULES} scheduled runs due within one second; one SDK worker with ${opts.slots} slots running the no-op task. Times in ms: p50 / p99 / max.`,
    '',
    '| | ' + results.map((r) => r.backend).join(' | ') + ' |',
    '|---|' + results.map(() => '---|').join(''),
    `| idle ticker, statements per minute (all waiting) | ${results.map((r) => r.idle.statementsPerMinute).join(' | ')} |`,
    `| crons: run created − due | ${results.map((r) => ms(r.cronFires.fireLateness)).join(' | ')} |`,
    `| crons: run started − due (target p99 < 1000) | ${results.map((r) => ms(r.cronFires.startLateness)).join(' | ')} |`,
    `| crons: duplicates / misses / marked late / not started by the end | ${results.map((r) => `${r.cronFires.duplicates} / ${r.cronFires.misses} / ${r.cronFires.late} / ${r.cronFires.notStarted}`).join(' | ')} |`,
    `| schedules: run created − due | ${results.map((r) => ms(r.scheduleFires.fireLateness)).join(' | ')} |`,
    `| schedules: run started − due | ${results.map((r) => ms(r.scheduleFires.startLateness)).join(' | ')} |`,
    `| schedules: all created / all started within (ms after the second began; target started < 5000) | ${results.map((r) => `${r.scheduleFires.allFiredWithinMs} / ${r.scheduleFires.allStartedWithinMs}`).join(' | ')} |`,
    `| schedules: duplicates / misses / not started by the end | ${results.map((r) => `${r.scheduleFires.duplicates} / ${r.scheduleFires.misses} / ${r.scheduleFires.notStarted}`).join(' | ')} |`,
    `| schedules: server CPU over the second and 15 s after (ms) | ${results.map((r) => r.scheduleFires.serverCpuMs).join(' | ')} |`,
    `| setup over REST: crons / schedules (s) | ${results.map((r) => `${r.setupSeconds.crons.toFixed(1)} / ${r.setupSeconds.schedules.toFixed(1)}`).join(' | ')} |`,
    '',
  ];
  return lines.join('\n');
}

async function main(): Promise<void> {
  const backends = opts.backends!.split(',') as ('pglite' | 'postgres')[];
  const machine = machineInfo();
  let admin: pg.Client | undefined;
  if (backends.includes('postgres')) {
    admin = new pg.Client({ connectionString: opts['postgres-url'] });
    await admin.connect();
  }
  const results: BackendResult[] = [];
  try {
    for (const backend of backends) {
      log(`=== ${backend} ===`);
      results.push(await runBackend(backend, admin));
      await stopAll();
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    }
  } finally {
    await stopAll();
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
    await admin?.end();
  }
  const markdown = renderMarkdown(results, machine);
  console.log(`\n${markdown}`);
  if (!opts['no-write'])
    log(`wrote ${writeResults('timers', { machine, results }, markdown)}.json and .md`);
}

runBench(main);
