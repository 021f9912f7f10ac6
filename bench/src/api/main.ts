/**
 * The API benchmark: `npm run bench:api -w @trellis/bench [-- options]`. See bench/README.md.
 *
 * For each backend it seeds a million tasks of history and a million events with `npm run seed`
 * (PGlite in a temp data dir, PostgreSQL in the scratch database trellis_bench_api), starts the
 * real server and times the runs and events screens' requests over HTTP, idle and while SDK processes run ~200 tasks/s
 * through the engine, plus the runs page in Chromium. On PostgreSQL it then collects the plans
 * (EXPLAIN ANALYZE, through auto_explain) of the statements slower than a threshold.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  freePorts,
  killAllNow,
  REPO_ROOT,
  sleep,
  spawnTs,
  stopAll,
  type Child,
} from '../lib/child';
import { machineInfo } from '../lib/machine';
import { RestSession } from '../lib/rest-session';
import { API_REQUESTS, type Fixtures } from './api-requests';
import {
  measureFirstRows,
  measureRequest,
  type FirstRowsResult,
  type RequestResult,
} from './measure';
import { readSlowPlans, type SlowPlan } from './postgres-plans';
import { eventsListSummary, renderApiMarkdown, type ApiBackendResult, type Phase } from './report';

const RESULTS_DIR = fileURLToPath(new URL('../../results/', import.meta.url));
const ENGINE_BENCH = fileURLToPath(new URL('../engine/', import.meta.url));
const SEED_COMMAND = 'tools/seed/src/seed-command.ts';
const ADMIN_EMAIL = 'bench@example.com';
const ADMIN_PASSWORD = 'Bench-Passw0rd';
/** Workflow names of the seeded history and of the load: a row naming one is a run row. */
const ROW_TEXTS = ['send-email', 'resize-image', 'send-webhook', 'sync-crm-contact', 'bench-noop'];

const { values: opts } = parseArgs({
  options: {
    backends: { type: 'string', default: 'pglite,postgres' },
    tasks: { type: 'string', default: '1000000' },
    events: { type: 'string', default: '1000000' },
    'postgres-url': { type: 'string', default: 'postgres://root@127.0.0.1:5432/postgres' },
    database: { type: 'string', default: 'trellis_bench_api' },
    'pglite-dir': { type: 'string' },
    reuse: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    samples: { type: 'string', default: '200' },
    warmup: { type: 'string', default: '10' },
    'load-rate': { type: 'string', default: '200' },
    'skip-load': { type: 'boolean', default: false },
    'browser-visits': { type: 'string', default: '10' },
    'explain-ms': { type: 'string', default: '30' },
    verbose: { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
  },
});

const backends = opts.backends!.split(',').map((b) => b.trim()) as ('pglite' | 'postgres')[];
for (const b of backends)
  if (b !== 'pglite' && b !== 'postgres') throw new Error(`unknown backend ${b}`);
const config = {
  tasks: Number(opts.tasks),
  events: Number(opts.events),
  samples: Number(opts.samples),
  warmup: Number(opts.warmup),
  loadRate: Number(opts['load-rate']),
  browserVisits: Number(opts['browser-visits']),
  explainMs: Number(opts['explain-ms']),
};

const log = (text: string) =>
  console.log(`[bench:api ${new Date().toISOString().slice(11, 19)}] ${text}`);
const echo = (line: string) => opts.verbose! || /error|fatal|failed/i.test(line);

const cleanups: (() => Promise<void>)[] = [];
async function cleanup(): Promise<void> {
  await stopAll(5000).catch(() => {});
  for (const step of cleanups.splice(0).reverse()) await step().catch((e) => log(`cleanup: ${e}`));
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    log(`${signal}: stopping child processes`);
    void cleanup().finally(() => process.exit(130));
  });
}
process.on('exit', killAllNow);

function databaseUrl(name: string): string {
  const url = new URL(opts['postgres-url']!);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Where the backend's data lives, and whether it already holds the seeded history. */
async function prepareStorage(
  backend: 'pglite' | 'postgres',
  admin: pg.Client | undefined,
): Promise<{ env: Record<string, string>; seeded: boolean }> {
  if (backend === 'postgres') {
    const name = opts.database!;
    const exists =
      (await admin!.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
    if (!(opts.reuse && exists)) {
      await admin!.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin!.query(`CREATE DATABASE ${name}`);
    }
    if (!opts.keep)
      cleanups.push(
        async () => void (await admin!.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
      );
    return { env: { DATABASE_URL: databaseUrl(name) }, seeded: opts.reuse! && exists };
  }
  const dir = opts['pglite-dir'] ?? mkdtempSync(join(tmpdir(), 'trellis-bench-api-'));
  const seeded = opts.reuse! && existsSync(join(dir, 'pgdata'));
  if (!opts.keep) cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  return { env: { TRELLIS_DATA_DIR: dir, DATABASE_URL: '' }, seeded };
}

/** Runs `npm run seed`'s command as a user would; returns its timing summary line. */
async function seed(env: Record<string, string>): Promise<{ seconds: number; summary: string[] }> {
  const started = Date.now();
  const args = ['--tasks', String(config.tasks), '--events', String(config.events)];
  const child = spawnTs('seed', SEED_COMMAND, args, {
    env: {
      ...process.env,
      ...env,
      TRELLIS_ADMIN_EMAIL: ADMIN_EMAIL,
      TRELLIS_ADMIN_PASSWORD: ADMIN_PASSWORD,
    },
    echo: (line) => opts.verbose! || line.startsWith('seed: '),
  });
  const code = await child.exited;
  if (code !== 0) throw new Error(`seeding failed (exit ${code}):\n${child.tail()}`);
  const summary = child.lines.filter((l) => /^(Wrote| {2})/.test(l));
  return { seconds: (Date.now() - started) / 1000, summary };
}

async function startServer(
  env: Record<string, string>,
): Promise<{ server: Child; baseUrl: string; grpc: string }> {
  const [httpPort, grpcPort] = await freePorts(2);
  const baseUrl = `http://127.0.0.1:${httpPort}`;
  const grpc = `127.0.0.1:${grpcPort}`;
  const server = spawnTs('server', 'apps/server/src/main.ts', [], {
    env: {
      ...process.env,
      ...env,
      TRELLIS_HTTP_PORT: String(httpPort),
      TRELLIS_HTTP_HOST: '127.0.0.1',
      TRELLIS_GRPC_PORT: String(grpcPort),
      TRELLIS_GRPC_BROADCAST_ADDRESS: grpc,
      TRELLIS_PUBLIC_URL: baseUrl,
      TRELLIS_ADMIN_EMAIL: ADMIN_EMAIL,
      TRELLIS_ADMIN_PASSWORD: ADMIN_PASSWORD,
      TRELLIS_LOG_LEVEL: 'warn',
      TRELLIS_DEMO: '0',
    },
    echo,
  });
  await server.waitForLine((l) => l.includes('Trellis is running'), 180_000);
  return { server, baseUrl, grpc };
}

/** Events of the first pages of the events list, and those of them that triggered runs. */
async function findEventFixtures(
  session: RestSession,
): Promise<Pick<Fixtures, 'eventIds' | 'triggeringEvents'>> {
  interface Row {
    metadata: { id: string; createdAt: string };
    triggeredRuns?: unknown[];
  }
  const eventIds: string[] = [];
  const triggeringEvents: Fixtures['triggeringEvents'] = [];
  try {
    for (const offset of [0, 1000, 3000, 6000]) {
      const page = await session.json<{ rows: Row[] }>(
        `/api/v1/stable/tenants/${session.tenantId}/events?offset=${offset}&limit=50`,
      );
      for (const row of page.rows) {
        eventIds.push(row.metadata.id);
        if (row.triggeredRuns?.length)
          triggeringEvents.push({ id: row.metadata.id, seenAt: row.metadata.createdAt });
      }
    }
  } catch (error) {
    log(`no event fixtures: ${error instanceof Error ? error.message.slice(0, 200) : error}`);
  }
  return { eventIds, triggeringEvents };
}

/** Runs, tasks with logs, events and a metadata pair taken from the seeded history itself. */
async function findFixtures(session: RestSession): Promise<Fixtures> {
  interface Row {
    metadata: { id: string };
    type: 'DAG' | 'TASK';
    taskExternalId: string;
    status: string;
    children?: { taskExternalId: string; status: string }[];
  }
  const since = new Date(Date.now() - 7 * 24 * 3600_000).toISOString();
  const runIds: string[] = [];
  const taskIds: string[] = [];
  for (const offset of [0, 2000, 6000, 10_000]) {
    const page = await session.json<{ rows: Row[] }>(
      `/api/v1/stable/tenants/${session.tenantId}/workflow-runs?since=${since}&only_tasks=false&limit=50&offset=${offset}`,
    );
    for (const row of page.rows) {
      runIds.push(row.metadata.id);
      const tasks = row.type === 'DAG' ? (row.children ?? []) : [row];
      for (const task of tasks) if (task.status !== 'QUEUED') taskIds.push(task.taskExternalId);
    }
  }
  if (runIds.length === 0) throw new Error('the seeded tenant lists no runs of the last 7 days');
  return {
    tenantId: session.tenantId,
    runIds,
    taskIds,
    metadata: 'customer_id:cus_00042',
    ...(await findEventFixtures(session)),
    eventKey: 'order:created',
  };
}

async function measurePhase(
  session: RestSession,
  fixtures: Fixtures,
  name: string,
): Promise<{ requests: RequestResult[]; firstRows: FirstRowsResult }> {
  const requests: RequestResult[] = [];
  for (const request of API_REQUESTS) {
    const result = await measureRequest(session, request, fixtures, config);
    requests.push(result);
    const l = result.latencyMs;
    log(
      `  ${name}: ${request.name}: ${l ? `p50 ${l.p50} p95 ${l.p95} p99 ${l.p99} ms` : `not available (${result.errorSample})`}${result.errors ? ` (${result.errors} errors: ${result.errorSample})` : ''}`,
    );
  }
  const events = eventsListSummary(requests);
  if (events) log(`  ${name}: events list: worst p95 ${events.p95} ms (${events.name})`);
  const firstRows = await measureFirstRows(session, ROW_TEXTS, config.browserVisits);
  log(
    `  ${name}: runs page first rows: ${firstRows.error ?? `cold ${firstRows.cold} ms, warm p50 ${firstRows.warm?.p50} ms`}`,
  );
  return { requests, firstRows };
}

/** SDK worker and open-loop generator of the engine benchmark, at `rate` runs/s. */
async function startLoad(
  session: RestSession,
  grpc: string,
): Promise<{ stop: () => Promise<number | null> }> {
  const token = await session.createApiToken('api benchmark load');
  const env = {
    ...process.env,
    HATCHET_CLIENT_TOKEN: token,
    HATCHET_CLIENT_HOST_PORT: grpc,
    HATCHET_CLIENT_API_URL: session.baseUrl,
    HATCHET_CLIENT_TLS_STRATEGY: 'none',
    HATCHET_CLIENT_LOG_LEVEL: 'WARN',
  };
  const worker = spawnTs('worker', join(ENGINE_BENCH, 'trellis-worker.ts'), [], {
    env: { ...env, WORKER_NAME: 'api-bench-worker', WORKER_SLOTS: '200' },
    echo,
  });
  await worker.waitForLine((l) => l === 'WORKER READY', 60_000);
  // Only the generator's open loop runs (no sequential samples, warm-up or burst); it is
  // stopped once the measurements are done.
  const generator = spawnTs(
    'generator',
    join(ENGINE_BENCH, 'load-generator.ts'),
    [
      JSON.stringify({
        latencySamples: 0,
        openRate: config.loadRate,
        openSeconds: 3600,
        warmupSeconds: 0,
        burstSize: 0,
        burstBatch: 500,
        drainTimeoutMs: 30_000,
      }),
    ],
    { env, echo: (l) => echo(l) && !/^(PROGRESS|RESULT) /.test(l) },
  );
  generator.onLine((line) => {
    if (line.startsWith('BARRIER ')) generator.send('GO');
  });
  await generator.waitForLine((l) => l.startsWith('PROGRESS open loop'), 60_000);
  const startedAt = Date.now() - 5000;
  return {
    /**
     * Stops the load; resolves to the runs completed per second since it started, counted by
     * the server (every run created since then is one of the load's).
     */
    async stop() {
      const metrics = await session.json<{ status: string; count: number }[]>(
        `/api/v1/stable/tenants/${session.tenantId}/task-metrics?since=${new Date(startedAt - 5000).toISOString()}`,
      );
      const seconds = (Date.now() - startedAt) / 1000;
      await generator.stop(3000);
      await worker.stop(3000);
      const completed = metrics.find((m) => m.status === 'COMPLETED')?.count ?? 0;
      return Math.round((completed / seconds) * 10) / 10;
    },
  };
}

async function runBackend(
  backend: 'pglite' | 'postgres',
  admin: pg.Client | undefined,
): Promise<ApiBackendResult> {
  const startedAt = new Date();
  const storage = await prepareStorage(backend, admin);
  let seeding: ApiBackendResult['seeding'] = null;
  if (storage.seeded) log(`reusing the seeded ${backend} data`);
  else {
    log(
      `seeding ${config.tasks.toLocaleString('en-US')} tasks and ${config.events.toLocaleString('en-US')} events on ${backend}`,
    );
    seeding = await seed(storage.env);
    for (const line of seeding.summary) log(`  ${line.trim()}`);
  }
  const explain = backend === 'postgres' && config.explainMs > 0;
  const logStart = explain ? await readSlowPlans.start(admin!) : undefined;
  const { server, baseUrl, grpc } = await startServer(storage.env);
  log(`server up at ${baseUrl}`);
  const session = await RestSession.signIn(baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
  const fixtures = await findFixtures(session);
  log(
    `fixtures: ${fixtures.runIds.length} runs, ${fixtures.taskIds.length} tasks, ${fixtures.eventIds.length} events (${fixtures.triggeringEvents.length} with runs), ${fixtures.metadata}`,
  );

  const phases: Phase[] = [];
  log('idle');
  phases.push({
    name: 'idle',
    loadRunsPerSecond: null,
    ...(await measurePhase(session, fixtures, 'idle')),
  });
  if (!opts['skip-load']) {
    log(`under load: ${config.loadRate} runs/s through the engine`);
    const load = await startLoad(session, grpc);
    await sleep(5000);
    const measured = await measurePhase(session, fixtures, 'load');
    const rate = await load.stop();
    log(`  load: ${rate ?? '?'} runs/s completed while measuring`);
    phases.push({ name: 'under load', loadRunsPerSecond: rate, ...measured });
  }
  await server.stop(15_000);

  let slowPlans: SlowPlan[] = [];
  if (explain) {
    log(`collecting plans of statements slower than ${config.explainMs} ms (auto_explain)`);
    slowPlans = await collectPlans(admin!, storage.env, fixtures, logStart!);
  }
  let postgresVersion: string | null = null;
  if (admin)
    postgresVersion = (
      await admin.query<{ v: string }>(`SELECT current_setting('server_version') AS v`)
    ).rows[0]!.v;
  return {
    backend,
    startedAt: startedAt.toISOString(),
    tasks: config.tasks,
    events: config.events,
    config,
    postgresVersion,
    seeding,
    phases,
    slowPlans,
  };
}

/**
 * Restarts the server with auto_explain on for the bench database and sends each request a few
 * times: the PostgreSQL log then holds EXPLAIN ANALYZE output of every slow statement.
 */
async function collectPlans(
  admin: pg.Client,
  env: Record<string, string>,
  fixtures: Fixtures,
  logStart: number,
): Promise<SlowPlan[]> {
  const name = opts.database!;
  const settings = [
    `session_preload_libraries = 'auto_explain'`,
    `auto_explain.log_min_duration = ${config.explainMs}`,
    `auto_explain.log_analyze = on`,
    `auto_explain.log_buffers = on`,
  ];
  for (const setting of settings) await admin.query(`ALTER DATABASE ${name} SET ${setting}`);
  try {
    const { server, baseUrl } = await startServer(env);
    const session = await RestSession.signIn(baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
    for (const request of API_REQUESTS)
      await measureRequest(session, request, fixtures, { samples: 3, warmup: 0 });
    await server.stop(15_000);
  } finally {
    await admin.query(`ALTER DATABASE ${name} RESET ALL`);
  }
  return readSlowPlans.since(logStart, name);
}

async function main(): Promise<void> {
  const runStarted = new Date();
  const machine = machineInfo();
  log(
    `API benchmark: ${backends.join(', ')}, ${config.tasks.toLocaleString('en-US')} tasks, ${config.events.toLocaleString('en-US')} events; machine: ${machine.nproc} CPUs, ${machine.ramGiB} GiB`,
  );
  if (!existsSync(join(REPO_ROOT, 'apps/dashboard/dist/index.html'))) {
    log(
      'the dashboard is not built (npm run build -w @trellis/dashboard): the browser measurement will fail',
    );
  }
  let admin: pg.Client | undefined;
  if (backends.includes('postgres')) {
    admin = new pg.Client({
      connectionString: opts['postgres-url'],
      connectionTimeoutMillis: 10_000,
    });
    await admin.connect();
  }
  const stamp = runStarted.toISOString().slice(0, 16).replace('T', '-').replace(':', '');
  try {
    for (const backend of backends) {
      log(`=== ${backend} ===`);
      const result = await runBackend(backend, admin);
      const markdown = renderApiMarkdown(result, machine);
      if (!opts['no-write']) {
        mkdirSync(RESULTS_DIR, { recursive: true });
        const base = join(RESULTS_DIR, `${stamp}-api-${backend}`);
        writeFileSync(`${base}.json`, `${JSON.stringify({ ...result, machine }, null, 2)}\n`);
        writeFileSync(`${base}.md`, markdown);
        log(`wrote ${base}.json and .md`);
      }
      console.log(`\n${markdown}`);
      await cleanup();
    }
  } finally {
    await cleanup();
    await admin?.end().catch(() => {});
  }
}

main().then(
  () => process.exit(0),
  async (error: unknown) => {
    console.error(
      `[bench:api] failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    await cleanup();
    process.exit(1);
  },
);
