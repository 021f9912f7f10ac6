/**
 * The engine benchmark: `npm run bench:engine -w @trellis/bench [-- options]`.
 *
 * For each backend (PGlite in a temp data dir; PostgreSQL in a fresh database), it starts the
 * Trellis server, SDK worker process(es) and an SDK load generator process, runs the trigger
 * scenario's three phases (sequential latency, open loop, bulk burst) and the events scenario's
 * two (events pushed at a rate, a bulk push), samples the CPU time of the server and of
 * PostgreSQL and the database's statement and transaction counts around each phase, and on
 * PostgreSQL runs the same no-op burst through pg-boss for comparison. Results go to
 * bench/results/ as JSON and Markdown. See bench/README.md.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { DAY_MS, maintainHistoryPartitions, migrate, openPostgresDatabase } from '@trellis/db';
import {
  freePorts,
  killAllNow,
  REPO_ROOT,
  sleep,
  spawnTs,
  stopAll,
  withTimeout,
  type Child,
} from '../lib/child';
import { machineInfo, type MachineInfo } from '../lib/machine';
import { cpuDelta, postgresCpu, loadAverage, machineCpuMs, processCpuMs } from '../lib/proc';
import { nowMs } from '../lib/stats';
import type { EventsConfig } from './event-load-generator';
import {
  evaluateTargets,
  renderBackendMarkdown,
  renderSummaryMarkdown,
  type BackendResult,
  type EventsResult,
  type PgBossResult,
  type PhaseCosts,
  type PhaseResult,
} from './report';
import { awaitEventDrain, workerTotals, WorkerChannel, type DrainRequest } from './worker-stats';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const DEFAULT_RESULTS_DIR = fileURLToPath(new URL('../../results/', import.meta.url));

// --- options ----------------------------------------------------------------------------------

const { values: opts } = parseArgs({
  options: {
    backends: { type: 'string', default: 'pglite,postgres' },
    scenarios: { type: 'string', default: 'trigger,events' },
    'postgres-url': { type: 'string', default: 'postgres://root@127.0.0.1:5432/postgres' },
    'latency-samples': { type: 'string', default: '200' },
    'open-rate': { type: 'string', default: '300' },
    'open-seconds': { type: 'string', default: '20' },
    'warmup-seconds': { type: 'string', default: '3' },
    burst: { type: 'string', default: '10000' },
    'burst-batch': { type: 'string', default: '500' },
    'event-rate': { type: 'string', default: '300' },
    'event-seconds': { type: 'string', default: '20' },
    'event-bulk': { type: 'string', default: '10000' },
    'event-bulk-batch': { type: 'string', default: '1000' },
    'event-workflows': { type: 'string', default: '20' },
    workers: { type: 'string', default: '1' },
    slots: { type: 'string', default: '200' },
    'skip-pgboss': { type: 'boolean', default: false },
    'pgboss-batch': { type: 'string', default: '500' },
    'pgboss-concurrency': { type: 'string', default: '4' },
    'server-log-level': { type: 'string', default: 'warn' },
    verbose: { type: 'boolean', default: false },
    'server-cpu-prof': { type: 'string' },
    'pg-log-slow-ms': { type: 'string' },
    'history-days': { type: 'string', default: '0' },
    'no-write': { type: 'boolean', default: false },
    'results-dir': { type: 'string', default: DEFAULT_RESULTS_DIR },
  },
});

/** Where result files go; scratch runs point this outside the repo. */
const resultsDir = opts['results-dir'];

type Scenario = 'trigger' | 'events';

export interface BenchConfig {
  scenarios: Scenario[];
  latencySamples: number;
  openRate: number;
  openSeconds: number;
  warmupSeconds: number;
  burstSize: number;
  burstBatch: number;
  events: EventsConfig;
  drainTimeoutMs: number;
  workers: number;
  slotsPerWorker: number;
  serverLogLevel: string;
  barrierMs: { pglite: number; postgres: number };
  pgBoss: {
    batchSize: number;
    concurrency: number;
    pollingIntervalSeconds: number;
    insertBatch: number;
  };
}

const scenarios = opts.scenarios!.split(',').map((s) => s.trim()) as Scenario[];
for (const s of scenarios) {
  if (s !== 'trigger' && s !== 'events') throw new Error(`unknown scenario ${s}`);
}

const config: BenchConfig = {
  scenarios,
  latencySamples: Number(opts['latency-samples']),
  openRate: Number(opts['open-rate']),
  openSeconds: Number(opts['open-seconds']),
  warmupSeconds: Number(opts['warmup-seconds']),
  burstSize: Number(opts.burst),
  burstBatch: Number(opts['burst-batch']),
  events: {
    rate: Number(opts['event-rate']),
    seconds: Number(opts['event-seconds']),
    bulk: Number(opts['event-bulk']),
    bulkBatch: Number(opts['event-bulk-batch']),
    workflows: Number(opts['event-workflows']),
  },
  drainTimeoutMs: 120_000,
  workers: Number(opts.workers),
  slotsPerWorker: Number(opts.slots),
  serverLogLevel: opts['server-log-level']!,
  // PostgreSQL backends flush their pg_stat_database counters at most once a second while
  // busy and after 10 s once idle: the barrier waits that long so each phase's counts are
  // complete. The server's stats file is rewritten every second.
  barrierMs: { pglite: 1500, postgres: 11_000 },
  pgBoss: {
    batchSize: Number(opts['pgboss-batch']),
    concurrency: Number(opts['pgboss-concurrency']),
    pollingIntervalSeconds: 0.5,
    insertBatch: 500,
  },
};

const backends = opts.backends!.split(',').map((b) => b.trim()) as ('pglite' | 'postgres')[];
for (const b of backends) {
  if (b !== 'pglite' && b !== 'postgres') throw new Error(`unknown backend ${b}`);
}
const adminUrl = opts['postgres-url']!;
const ADMIN_EMAIL = 'bench@example.com';
const ADMIN_PASSWORD = 'Bench-Passw0rd';

const log = (text: string) =>
  console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${text}`);

// --- cleanup on every exit path ----------------------------------------------------------------

const cleanups: (() => Promise<void>)[] = [];
let cleaningUp = false;
async function cleanup(): Promise<void> {
  if (cleaningUp) return;
  cleaningUp = true;
  await stopAll(5000).catch(() => {});
  for (const step of cleanups.splice(0).reverse()) await step().catch((e) => log(`cleanup: ${e}`));
  cleaningUp = false;
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    log(`${signal}: stopping child processes`);
    void cleanup().finally(() => process.exit(130));
  });
}
process.on('exit', killAllNow);

// --- PostgreSQL helpers ------------------------------------------------------------------------

function databaseUrl(name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function createDatabase(
  admin: pg.Client,
  prefix: string,
): Promise<{ name: string; url: string }> {
  const name = `${prefix}_${Date.now().toString(36)}`;
  await admin.query(`CREATE DATABASE ${name}`);
  if (opts['pg-log-slow-ms']) {
    // Diagnostics: statements slower than this go to the PostgreSQL server log.
    const ms = Number(opts['pg-log-slow-ms']);
    await admin.query(`ALTER DATABASE ${name} SET log_min_duration_statement = ${ms}`);
    // ...with their plans (auto_explain ships with PostgreSQL).
    await admin.query(`ALTER DATABASE ${name} SET session_preload_libraries = 'auto_explain'`);
    await admin.query(`ALTER DATABASE ${name} SET auto_explain.log_min_duration = ${ms}`);
  }
  cleanups.push(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    log(`dropped database ${name}`);
  });
  const days = Number(opts['history-days']);
  if (days > 0) await keepDaysOfPartitions(databaseUrl(name), days);
  return { name, url: databaseUrl(name) };
}

/**
 * The partitions a server keeping `days` of history has (each daily table: those days, three
 * ahead and DEFAULT), empty: the engine's statements plan and probe across all of them, as in
 * production, where a fresh database has five.
 */
async function keepDaysOfPartitions(url: string, days: number): Promise<void> {
  const db = await openPostgresDatabase({ connectionString: url, poolSize: 1 });
  try {
    await migrate(db);
    // Each pass makes yesterday to three days ahead of its `now`.
    for (let back = days; back >= 0; back -= 4) {
      const now = new Date(Date.now() - back * DAY_MS);
      await maintainHistoryPartitions(db, { now: () => now, retentionMs: (days + 5) * DAY_MS });
    }
  } finally {
    await db.close();
  }
  log(`made ${days} days of partitions`);
}

interface PgStat {
  xacts: number;
  commits: number;
  rollbacks: number;
  tupInserted: number;
  tupUpdated: number;
  tupDeleted: number;
  walLsn: string;
}

async function readPgStat(admin: pg.Client, database: string): Promise<PgStat | undefined> {
  const { rows } = await admin.query<{
    xact_commit: string;
    xact_rollback: string;
    tup_inserted: string;
    tup_updated: string;
    tup_deleted: string;
    lsn: string;
  }>(
    `SELECT xact_commit, xact_rollback, tup_inserted, tup_updated, tup_deleted,
            pg_current_wal_lsn()::text AS lsn
       FROM pg_stat_database WHERE datname = $1`,
    [database],
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    xacts: Number(row.xact_commit) + Number(row.xact_rollback),
    commits: Number(row.xact_commit),
    rollbacks: Number(row.xact_rollback),
    tupInserted: Number(row.tup_inserted),
    tupUpdated: Number(row.tup_updated),
    tupDeleted: Number(row.tup_deleted),
    walLsn: row.lsn,
  };
}

async function walBytes(admin: pg.Client, from: string, to: string): Promise<number> {
  const { rows } = await admin.query<{ d: string }>(`SELECT pg_wal_lsn_diff($2, $1)::text AS d`, [
    from,
    to,
  ]);
  return Number(rows[0]!.d);
}

// --- sampling ------------------------------------------------------------------------------------

interface ServerStats {
  statements: number;
  transactions: number;
}

function readStatsFile(path: string): ServerStats | undefined {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<ServerStats>;
    if (typeof parsed.statements === 'number' && typeof parsed.transactions === 'number') {
      return { statements: parsed.statements, transactions: parsed.transactions };
    }
  } catch {
    // missing or being rewritten
  }
  return undefined;
}

interface CpuSample {
  at: number;
  machine: { busy: number; steal: number };
  server: number;
  postgres: Map<number, number>;
  workers: number;
  generator: number;
}

interface CountSample {
  server: ServerStats | undefined;
  pg: PgStat | undefined;
}

interface Barrier {
  name: string;
  arrival: CpuSample;
  go: CpuSample;
  counts: CountSample;
}

interface Processes {
  server: Child;
  workers: Child[];
  generator?: Child;
}

function sampleCpu(p: Processes, postgresDatabase: string | undefined): CpuSample {
  return {
    at: nowMs(),
    machine: machineCpuMs(),
    server: processCpuMs(p.server.pid),
    postgres: postgresDatabase ? postgresCpu(postgresDatabase) : new Map(),
    workers: p.workers.reduce((sum, w) => sum + processCpuMs(w.pid), 0),
    generator: p.generator ? processCpuMs(p.generator.pid) : 0,
  };
}

function phaseCosts(
  from: Barrier,
  to: Barrier,
  tasks: number,
  wal: number | undefined,
): PhaseCosts {
  const seconds = (to.arrival.at - from.go.at) / 1000;
  const server = to.arrival.server - from.go.server;
  const postgres = cpuDelta(from.go.postgres, to.arrival.postgres);
  const workers = to.arrival.workers - from.go.workers;
  const generator = to.arrival.generator - from.go.generator;
  const machine = to.arrival.machine.busy - from.go.machine.busy;
  const steal = to.arrival.machine.steal - from.go.machine.steal;
  const others = Math.max(0, machine - server - postgres - workers - generator);
  const cores = (ms: number) =>
    seconds > 0 ? Math.round((ms / (seconds * 1000)) * 100) / 100 : null;
  const perTask = (n: number | undefined) =>
    n === undefined || tasks === 0 ? null : Math.round((n / tasks) * 1000) / 1000;
  const statements =
    from.counts.server && to.counts.server
      ? to.counts.server.statements - from.counts.server.statements
      : undefined;
  const transactions =
    from.counts.server && to.counts.server
      ? to.counts.server.transactions - from.counts.server.transactions
      : undefined;
  const pgXacts =
    from.counts.pg && to.counts.pg ? to.counts.pg.xacts - from.counts.pg.xacts : undefined;
  return {
    tasks,
    windowSeconds: Math.round(seconds * 1000) / 1000,
    cpuMs: {
      server: Math.round(server),
      postgres: Math.round(postgres),
      workers: Math.round(workers),
      generator: Math.round(generator),
      machineBusy: Math.round(machine),
      otherProcesses: Math.round(others),
      steal: Math.round(steal),
    },
    otherProcessesCores: cores(others),
    stealCores: cores(steal),
    perTask: {
      serverCpuMs: perTask(server),
      postgresCpuMs: perTask(postgres),
      serverPlusDbCpuMs: perTask(server + postgres),
      statements: perTask(statements),
      transactions: perTask(transactions),
      pgTransactions: perTask(pgXacts),
      pgRowsWritten:
        from.counts.pg && to.counts.pg
          ? perTask(
              to.counts.pg.tupInserted -
                from.counts.pg.tupInserted +
                (to.counts.pg.tupUpdated - from.counts.pg.tupUpdated) +
                (to.counts.pg.tupDeleted - from.counts.pg.tupDeleted),
            )
          : null,
      walBytes: perTask(wal),
      sdkWorkerCpuMs: perTask(workers),
      sdkGeneratorCpuMs: perTask(generator),
    },
    serverCpuUtilisation:
      seconds > 0 ? Math.round((server / (seconds * 1000)) * 1000) / 1000 : null,
  };
}

// --- REST: sign in and create an API token --------------------------------------------------------

async function createApiToken(baseUrl: string): Promise<{ token: string; tenantId: string }> {
  const login = await fetch(`${baseUrl}/api/v1/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    signal: AbortSignal.timeout(15_000),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const cookies = new Map<string, string>();
  for (const header of login.headers.getSetCookie()) {
    const [pair] = header.split(';');
    const eq = pair!.indexOf('=');
    cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
  }
  const xsrf = cookies.get('XSRF-TOKEN');
  if (!cookies.get('trellis') || !xsrf) {
    throw new Error(`login set no trellis/XSRF-TOKEN cookies: ${[...cookies.keys()].join(', ')}`);
  }
  const cookieHeader = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const memberships = await fetch(`${baseUrl}/api/v1/users/memberships`, {
    headers: { cookie: cookieHeader },
    signal: AbortSignal.timeout(15_000),
  });
  if (!memberships.ok) throw new Error(`memberships failed: ${memberships.status}`);
  const body = (await memberships.json()) as { rows: { tenant: { metadata: { id: string } } }[] };
  const tenantId = body.rows[0]?.tenant.metadata.id;
  if (!tenantId) throw new Error('the admin has no tenant');
  const created = await fetch(`${baseUrl}/api/v1/tenants/${tenantId}/api-tokens`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: cookieHeader,
      'x-xsrf-token': decodeURIComponent(xsrf),
    },
    body: JSON.stringify({ name: 'engine benchmark' }),
    signal: AbortSignal.timeout(15_000),
  });
  if (!created.ok) throw new Error(`api token failed: ${created.status} ${await created.text()}`);
  const { token } = (await created.json()) as { token: string };
  return { token, tenantId };
}

// --- one Trellis backend ------------------------------------------------------------------------

async function runTrellis(
  backend: 'pglite' | 'postgres',
  admin: pg.Client | undefined,
): Promise<Omit<BackendResult, 'machine' | 'comparison' | 'targets'>> {
  const started = Date.now();
  const tmp = mkdtempSync(join(tmpdir(), `trellis-bench-${backend}-`));
  cleanups.push(async () => rmSync(tmp, { recursive: true, force: true }));
  const statsFile = join(tmp, 'db-stats.json');
  let database: { name: string; url: string } | undefined;
  if (backend === 'postgres') {
    database = await createDatabase(admin!, 'trellis_bench');
    log(`created database ${database.name}`);
  }
  const [httpPort, grpcPort] = await freePorts(2);
  const baseUrl = `http://127.0.0.1:${httpPort}`;
  const grpcAddress = `127.0.0.1:${grpcPort}`;
  const echo = (line: string) => opts.verbose! || /error|fatal|failed/i.test(line);
  const server = spawnTs('server', 'apps/server/src/main.ts', [], {
    env: {
      ...process.env,
      TRELLIS_HTTP_PORT: String(httpPort),
      TRELLIS_HTTP_HOST: '127.0.0.1',
      TRELLIS_GRPC_PORT: String(grpcPort),
      TRELLIS_GRPC_BROADCAST_ADDRESS: grpcAddress,
      TRELLIS_PUBLIC_URL: baseUrl,
      TRELLIS_DATA_DIR: join(tmp, 'data'),
      TRELLIS_ADMIN_EMAIL: ADMIN_EMAIL,
      TRELLIS_ADMIN_PASSWORD: ADMIN_PASSWORD,
      TRELLIS_LOG_LEVEL: config.serverLogLevel,
      TRELLIS_STATS_FILE: statsFile,
      ...(database ? { DATABASE_URL: database.url } : { DATABASE_URL: '' }),
    },
    echo,
    nodeArgs: opts['server-cpu-prof']
      ? ['--cpu-prof', `--cpu-prof-dir=${opts['server-cpu-prof']}`]
      : [],
  });
  log(`server pid ${server.pid} (http ${httpPort}, grpc ${grpcPort}), waiting for it to start`);
  await server.waitForLine((l) => l.includes('Trellis is running'), 120_000);
  const startupSeconds = (Date.now() - started) / 1000;
  const { token } = await createApiToken(baseUrl);
  log(`signed in over REST and created an API token (server up in ${startupSeconds.toFixed(1)} s)`);

  const sdkEnv = {
    ...process.env,
    HATCHET_CLIENT_TOKEN: token,
    HATCHET_CLIENT_HOST_PORT: grpcAddress,
    HATCHET_CLIENT_API_URL: baseUrl,
    HATCHET_CLIENT_TLS_STRATEGY: 'none',
    HATCHET_CLIENT_LOG_LEVEL: 'WARN',
  };
  const workers: Child[] = [];
  for (let i = 0; i < config.workers; i++) {
    const worker = spawnTs(`worker-${i + 1}`, join(HERE, 'trellis-worker.ts'), [], {
      env: {
        ...sdkEnv,
        WORKER_NAME: `bench-worker-${i + 1}`,
        WORKER_SLOTS: String(config.slotsPerWorker),
        EVENT_WORKFLOWS: String(scenarios.includes('events') ? config.events.workflows : 0),
      },
      echo,
    });
    workers.push(worker);
  }
  await Promise.all(workers.map((w) => w.waitForLine((l) => l === 'WORKER READY', 60_000)));
  log(`${workers.length} worker process(es) ready, ${config.slotsPerWorker} slots each`);
  const channels = workers.map((w) => new WorkerChannel(w));

  const processes: Processes = { server, workers };
  const barriers = new Map<string, Barrier>();
  const results = new Map<string, Record<string, unknown>>();
  const barrierMs = config.barrierMs[backend];
  const generator = spawnTs(
    'generator',
    join(HERE, 'load-generator.ts'),
    [
      JSON.stringify({
        latencySamples: config.latencySamples,
        openRate: config.openRate,
        openSeconds: config.openSeconds,
        warmupSeconds: config.warmupSeconds,
        burstSize: config.burstSize,
        burstBatch: config.burstBatch,
        drainTimeoutMs: config.drainTimeoutMs,
        scenarios: config.scenarios,
        events: config.events,
      }),
    ],
    { env: sdkEnv, echo: (l) => echo(l) && !l.startsWith('RESULT ') },
  );
  processes.generator = generator;
  let barrierChain = Promise.resolve();
  let failure: string | undefined;
  generator.onLine((line) => {
    if (line.startsWith('PROGRESS ')) log(`  ${line.slice(9)}`);
    else if (line.startsWith('RESULT ')) {
      const result = JSON.parse(line.slice(7)) as Record<string, unknown>;
      results.set(String(result['phase']), result);
      log(`  ${result['phase']}: ${result['completed']}/${result['triggered']} completed`);
    } else if (line.startsWith('FAILED ')) failure = line.slice(7);
    else if (line.startsWith('BARRIER ')) {
      const name = line.slice(8).trim();
      barrierChain = barrierChain.then(async () => {
        const arrival = sampleCpu(processes, database?.name);
        await sleep(barrierMs);
        const counts: CountSample = {
          server: readStatsFile(statsFile),
          pg: database ? await readPgStat(admin!, database.name) : undefined,
        };
        const go = sampleCpu(processes, database?.name);
        barriers.set(name, { name, arrival, go, counts });
        generator.send('GO');
      });
    } else if (line.startsWith('DRAIN ')) {
      const request = JSON.parse(line.slice(6)) as DrainRequest;
      barrierChain = barrierChain.then(async () => {
        const drained = await awaitEventDrain(channels, request, (text) => log(`  ${text}`));
        generator.send(`DRAINED ${JSON.stringify(drained)}`);
      });
    }
  });
  // Every phase of the generator has its own deadline; this only catches a hung process.
  const generatorBudgetMs =
    120_000 +
    Math.max(60_000, config.latencySamples * 500) +
    (2 * config.warmupSeconds + config.openSeconds + config.events.seconds) * 1000 +
    6 * config.drainTimeoutMs +
    8 * (barrierMs + 2000);
  const code = await withTimeout(generator.exited, generatorBudgetMs, 'load generator');
  await barrierChain;
  if (code !== 0 || failure) {
    throw new Error(`load generator failed (exit ${code}): ${failure ?? generator.tail()}`);
  }

  // Correctness: executions seen by the workers.
  const executions = await workerTotals(channels);

  const b = (name: string) => {
    const barrier = barriers.get(name);
    if (!barrier) throw new Error(`barrier ${name} never happened`);
    return barrier;
  };
  const wal = async (from: Barrier, to: Barrier) =>
    from.counts.pg && to.counts.pg
      ? walBytes(admin!, from.counts.pg.walLsn, to.counts.pg.walLsn)
      : undefined;
  /** A phase's result and its costs over the window between two barriers. */
  const phase = async (name: string, from: string, to: string): Promise<PhaseResult> => {
    const result = results.get(name);
    if (!result) throw new Error(`the generator sent no result for ${name}`);
    const tasks = Number(result['completed'] ?? 0);
    return { result, costs: phaseCosts(b(from), b(to), tasks, await wal(b(from), b(to))) };
  };
  const sumOf = (names: string[], field: string) =>
    names.reduce((sum, p) => sum + Number(results.get(p)?.[field] ?? 0), 0);
  const phases = scenarios.includes('trigger')
    ? {
        latency: await phase('latency', 'start', 'latency-done'),
        open: await phase('open', 'warmup-done', 'open-done'),
        burst: await phase('burst', 'open-done', 'burst-done'),
      }
    : undefined;
  let events: EventsResult | undefined;
  if (scenarios.includes('events')) {
    const eventPhases = ['events-warmup', 'events-open', 'events-bulk'];
    const runs = eventPhases.map((p) => executions.events[p]);
    events = {
      workflows: config.events.workflows,
      open: await phase('events-open', 'events-warmup-done', 'events-open-done'),
      bulk: await phase('events-bulk', 'events-open-done', 'events-bulk-done'),
      correctness: {
        pushed: sumOf(eventPhases, 'triggered') - sumOf(eventPhases, 'errors'),
        executedByWorkers: runs.reduce((sum, r) => sum + (r?.executed ?? 0), 0),
        duplicateExecutions: runs.reduce((sum, r) => sum + (r?.duplicates ?? 0), 0),
        misrouted: runs.reduce((sum, r) => sum + (r?.misrouted ?? 0), 0),
        completedOnServer: eventPhases.every((p) => results.get(p)?.['completedOnServer'] != null)
          ? sumOf(eventPhases, 'completedOnServer')
          : null,
      },
    };
  }
  const idle = b('start');
  const idleSeconds = (idle.go.at - idle.arrival.at) / 1000;
  const idleCpu = {
    seconds: Math.round(idleSeconds * 10) / 10,
    serverCpuMsPerSecond:
      Math.round(((idle.go.server - idle.arrival.server) / idleSeconds) * 100) / 100,
    postgresCpuMsPerSecond:
      backend === 'postgres'
        ? Math.round((cpuDelta(idle.arrival.postgres, idle.go.postgres) / idleSeconds) * 100) / 100
        : null,
  };
  const statsFileSeen = readStatsFile(statsFile) !== undefined;
  const triggered = sumOf(['latency', 'warmup', 'open', 'burst'], 'triggered');

  // Where PostgreSQL spent its reads over the whole run: sequential scans point at missing
  // indexes or unbounded queries.
  let tableScans: Record<string, unknown>[] | null = null;
  if (database) {
    const client = new pg.Client({
      connectionString: database.url,
      connectionTimeoutMillis: 10_000,
    });
    try {
      await client.connect();
      const { rows } = await client.query(
        `SELECT relname AS table, seq_scan, seq_tup_read, idx_scan, n_tup_ins, n_tup_upd, n_tup_del,
                n_live_tup, n_dead_tup
           FROM pg_stat_user_tables ORDER BY seq_tup_read DESC LIMIT 10`,
      );
      tableScans = rows as Record<string, unknown>[];
    } catch (error) {
      log(`table statistics: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      await client.end().catch(() => {});
    }
  }

  // Shut down: SDK processes, then the server (SIGTERM: it writes its final stats).
  await Promise.all([generator.stop(), ...workers.map((w) => w.stop(3000))]);
  await server.stop(15_000);
  let postgresVersion: string | null = null;
  let postgresSettings: Record<string, string> | null = null;
  if (admin) {
    const { rows } = await admin.query<{ name: string; setting: string }>(
      `SELECT name, setting FROM pg_settings WHERE name IN
         ('server_version', 'shared_buffers', 'synchronous_commit', 'fsync', 'max_connections', 'wal_level')`,
    );
    postgresSettings = Object.fromEntries(rows.map((r) => [r.name, r.setting]));
    postgresVersion = postgresSettings['server_version'] ?? null;
  }
  // The database and temp dir go now, not at the very end.
  for (const step of cleanups.splice(0).reverse()) await step().catch((e) => log(`cleanup: ${e}`));

  return {
    backend,
    startedAt: new Date(started).toISOString(),
    durationSeconds: Math.round((Date.now() - started) / 100) / 10,
    serverStartupSeconds: Math.round(startupSeconds * 10) / 10,
    postgresVersion: backend === 'postgres' ? postgresVersion : null,
    postgresSettings: backend === 'postgres' ? postgresSettings : null,
    config,
    statsFileAvailable: statsFileSeen,
    idleCpu,
    loadAverageAtEnd: loadAverage(),
    tableScans,
    correctness: {
      triggered,
      executedByWorkers: executions.executed,
      duplicateExecutions: executions.duplicates,
    },
    phases,
    events,
  };
}

// --- pg-boss comparison ---------------------------------------------------------------------------

async function runPgBoss(admin: pg.Client): Promise<PgBossResult> {
  const database = await createDatabase(admin, 'pgboss_bench');
  log(`pg-boss: created database ${database.name}`);
  const env = {
    ...process.env,
    DATABASE_URL: database.url,
    QUEUE: 'bench-noop',
    EXPECTED: String(config.burstSize),
    COUNT: String(config.burstSize),
    BATCH: String(config.pgBoss.insertBatch),
    BATCH_SIZE: String(config.pgBoss.batchSize),
    CONCURRENCY: String(config.pgBoss.concurrency),
    POLL_SECONDS: String(config.pgBoss.pollingIntervalSeconds),
  };
  const echo = (line: string) => opts.verbose! || /error|failed/i.test(line);
  const worker = spawnTs('pgboss-worker', join(HERE, 'pgboss-worker.ts'), [], { env, echo });
  await worker.waitForLine((l) => l === 'WORKER READY', 60_000);
  const producer = spawnTs('pgboss-producer', join(HERE, 'pgboss-producer.ts'), [], { env, echo });
  await producer.waitForLine((l) => l === 'PRODUCER READY', 60_000);
  log(
    `pg-boss: worker (batchSize ${config.pgBoss.batchSize} × ${config.pgBoss.concurrency} loops) and producer ready`,
  );

  const sample = () => ({
    at: nowMs(),
    postgres: postgresCpu(database.name),
    worker: processCpuMs(worker.pid),
    producer: processCpuMs(producer.pid),
  });
  const idleStart = sample();
  await sleep(config.barrierMs.postgres);
  const before = await readPgStat(admin, database.name);
  const start = sample();
  producer.send('GO');
  const inserted = JSON.parse(
    (await producer.waitForLine((l) => l.startsWith('INSERTED '), 120_000)).slice(9),
  ) as { startedAt: number; insertedAt: number };
  const producerCpu = processCpuMs(producer.pid) || start.producer; // may have exited already
  const drained = JSON.parse(
    (
      await worker.waitForLine((l) => l.startsWith('DRAINED '), config.drainTimeoutMs + 60_000)
    ).slice(8),
  ) as {
    drainedAt: number;
    executed: number;
    duplicates: number;
    unfinished: number;
    startLatencyMs: Record<string, number>;
  };
  const end = sample();
  await sleep(config.barrierMs.postgres);
  const after = await readPgStat(admin, database.name);
  await Promise.all([worker.stop(3000), producer.stop(3000)]);
  const wal = before && after ? await walBytes(admin, before.walLsn, after.walLsn) : undefined;
  for (const step of cleanups.splice(0).reverse()) await step().catch((e) => log(`cleanup: ${e}`));

  const n = drained.executed;
  const seconds = (drained.drainedAt - inserted.startedAt) / 1000;
  const postgres = cpuDelta(start.postgres, end.postgres);
  const per = (x: number | undefined) =>
    x === undefined || n === 0 ? null : Math.round((x / n) * 1000) / 1000;
  return {
    version: readPgBossVersion(),
    config: config.pgBoss,
    jobs: config.burstSize,
    executed: n,
    duplicates: drained.duplicates,
    unfinished: drained.unfinished,
    insertSeconds: Math.round(inserted.insertedAt - inserted.startedAt) / 1000,
    drainSeconds: Math.round(seconds * 1000) / 1000,
    completedPerSecond: Math.round((n / seconds) * 10) / 10,
    insertToStartMs: drained.startLatencyMs,
    cpuMs: {
      postgres: Math.round(postgres),
      worker: Math.round(end.worker - start.worker),
      producer: Math.round(Math.max(0, producerCpu - start.producer)),
    },
    perJob: {
      postgresCpuMs: per(postgres),
      workerCpuMs: per(end.worker - start.worker),
      pgTransactions: before && after ? per(after.xacts - before.xacts) : null,
      pgRowsWritten:
        before && after
          ? per(
              after.tupInserted -
                before.tupInserted +
                (after.tupUpdated - before.tupUpdated) +
                (after.tupDeleted - before.tupDeleted),
            )
          : null,
      walBytes: per(wal),
    },
    idlePostgresCpuMsPerSecond:
      Math.round(
        (cpuDelta(idleStart.postgres, start.postgres) /
          Math.max(0.001, (start.at - idleStart.at) / 1000)) *
          100,
      ) / 100,
  };
}

function readPgBossVersion(): string {
  try {
    return (
      JSON.parse(readFileSync(join(REPO_ROOT, 'node_modules/pg-boss/package.json'), 'utf8')) as {
        version: string;
      }
    ).version;
  } catch {
    return 'unknown';
  }
}

// --- main -------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const runStarted = Date.now();
  log(`engine benchmark: backends ${backends.join(', ')}`);
  const machine: MachineInfo = machineInfo();
  log(
    `machine: ${machine.nproc} CPUs (${machine.cpuModel}), ${machine.ramGiB} GiB, node ${machine.node}, fdatasync ${machine.fdatasyncPerSecond}/s`,
  );
  let admin: pg.Client | undefined;
  if (backends.includes('postgres')) {
    admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 });
    await admin.connect();
  }
  const stamp = new Date(runStarted).toISOString().slice(0, 16).replace('T', '-').replace(':', '');
  const written: BackendResult[] = [];
  try {
    for (const backend of backends) {
      log(`=== Trellis on ${backend} ===`);
      const trellis = await runTrellis(backend, admin);
      let comparison: PgBossResult | null = null;
      // pg-boss runs the trigger scenario's burst: nothing to compare without it.
      if (backend === 'postgres' && !opts['skip-pgboss'] && scenarios.includes('trigger')) {
        log('=== pg-boss on the same PostgreSQL ===');
        comparison = await runPgBoss(admin!);
        log(`pg-boss: ${comparison.executed} jobs drained at ${comparison.completedPerSecond}/s`);
      }
      const result: BackendResult = { ...trellis, machine, comparison, targets: [] };
      result.targets = evaluateTargets(result);
      written.push(result);
      for (const t of result.targets)
        log(`  target ${t.pass ? 'PASS' : 'FAIL'}: ${t.name}: ${t.measured} (${t.target})`);
      if (!opts['no-write']) {
        mkdirSync(resultsDir, { recursive: true });
        const base = join(resultsDir, `${stamp}-engine-${backend}`);
        writeFileSync(`${base}.json`, `${JSON.stringify(result, null, 2)}\n`);
        writeFileSync(`${base}.md`, renderBackendMarkdown(result));
        log(`wrote ${base}.json and .md`);
      }
    }
    if (!opts['no-write'] && written.length > 0) {
      const path = join(resultsDir, `${stamp}-engine-summary.md`);
      writeFileSync(path, renderSummaryMarkdown(written, (Date.now() - runStarted) / 1000));
      log(`wrote ${path}`);
    }
    console.log(`\n${renderSummaryMarkdown(written, (Date.now() - runStarted) / 1000)}`);
  } finally {
    await cleanup();
    await admin?.end().catch(() => {});
  }
  log(`done in ${Math.round((Date.now() - runStarted) / 1000)} s`);
}

main().then(
  () => process.exit(0),
  async (error: unknown) => {
    console.error(
      `[bench] failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    await cleanup();
    process.exit(1);
  },
);
