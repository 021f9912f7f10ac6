/**
 * The live updates benchmark (issue 20): on each backend, the real server, an SDK worker and
 * the engine benchmark's load generator triggering the no-op task at a steady rate, watched by
 * N dashboards' event streams (`GET /tenants/{t}/live`, read here as a browser's EventSource
 * reads it). Measured:
 *
 * - change committed → message received: for each run and stream, its task's FINISHED event
 *   (stored in the tick whose COMMIT publishes it) to the first message naming the run that the
 *   stream received after it;
 * - what the streams cost the server: its CPU under the same load with and without them, and
 *   its memory with them open and idle, per stream;
 * - change committed → visible in the browser: the same load again, watched by N dashboards in
 *   Chromium (dashboards.ts), each showing the runs list; for each run a page showed as
 *   succeeded, its FINISHED event to the moment its row first said so.
 *
 * `npm run bench:live -w @trellis/bench [-- --backends pglite --streams 20 --dashboards 20
 *   --rate 300 --seconds 15]`
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type pg from 'pg';
import { openDatabase } from '@trellis/db';
import {
  echoer,
  forEachBackend,
  runBench,
  startBenchServer,
  writeResults,
  type Backend,
  type BenchServer,
  BENCH_OPTIONS,
  log,
} from '../lib/bench-server';
import { sleep, spawnTs, stopAll } from '../lib/child';
import { machineInfo, type MachineInfo } from '../lib/machine';
import { processCpuMs, rssMiB } from '../lib/proc';
import { drained } from '../lib/queue-totals';
import { summarize, type LatencySummary } from '../lib/stats';
import { openDashboards, type Dashboards } from './dashboards';
import { openLiveStream, type LiveStream } from './live-stream';

const ENGINE_BENCH = fileURLToPath(new URL('../engine/', import.meta.url));

const { values: opts } = parseArgs({
  options: {
    ...BENCH_OPTIONS,
    streams: { type: 'string', default: '20' },
    dashboards: { type: 'string', default: '20' },
    rate: { type: 'string', default: '300' },
    seconds: { type: 'string', default: '15' },
  },
});
const STREAMS = Number(opts.streams);
const DASHBOARDS = Number(opts.dashboards);
const RATE = Number(opts.rate);
const SECONDS = Number(opts.seconds);

interface BackendResult {
  backend: Backend;
  runs: number;
  /** FINISHED stored → first message naming the run after it, over every stream. */
  finishedToReceived: LatencySummary;
  /** Runs a stream never heard of after they finished (should be 0). */
  unheard: number;
  messagesPerStreamPerSecond: number;
  serverCpuMsPerSecondWithout: number;
  serverCpuMsPerSecondWith: number;
  /** The streams' share of the server's CPU under load, per stream (ms of CPU per second). */
  serverCpuMsPerSecondPerStream: number;
  serverRssMiBPerStream: number;
  /** FINISHED stored → its row first showing it succeeded, over every dashboard. */
  finishedToVisible: LatencySummary;
  /** (run, dashboard) pairs measured: runs each page showed succeeding, summed. */
  visiblePairs: number;
  /** Where that time goes: each page's runs-list requests, start to response end. */
  listRequest: LatencySummary;
  listRequestsPerDashboardPerSecond: number;
  /** The response that brought a run's row → the row on screen (React's render, the DOM). */
  responseToVisible: LatencySummary;
  serverCpuMsPerSecondWithDashboards: number;
  serverCpuMsPerSecondPerDashboard: number;
}

/** Runs the load for SECONDS (after a short warm-up); resolves with the server's CPU per second. */
async function loadPhase(bench: BenchServer, name: string): Promise<number> {
  const echo = echoer(opts.verbose!);
  const generator = spawnTs(
    name,
    join(ENGINE_BENCH, 'load-generator.ts'),
    [
      JSON.stringify({
        latencySamples: 0,
        openRate: RATE,
        openSeconds: SECONDS,
        warmupSeconds: 2,
        burstSize: 0,
        burstBatch: 500,
        drainTimeoutMs: 60_000,
      }),
    ],
    { env: bench.sdkEnv, echo: (l) => echo(l) && !/^(PROGRESS|RESULT) /.test(l) },
  );
  generator.onLine((line) => {
    if (line.startsWith('BARRIER ')) generator.send('GO');
  });
  await generator.waitForLine((l) => l.startsWith('PROGRESS open loop'), 60_000);
  const cpuBefore = processCpuMs(bench.server.pid);
  const startedAt = Date.now();
  await generator.waitForLine((l) => l === 'DONE', (SECONDS + 120) * 1000);
  const cpuPerSecond =
    (processCpuMs(bench.server.pid) - cpuBefore) / ((Date.now() - startedAt) / 1000);
  await drained(bench.session);
  await generator.stop(3000);
  return cpuPerSecond;
}

async function runBackend(backend: Backend, admin: pg.Client | undefined): Promise<BackendResult> {
  log(`=== ${backend} ===`);
  const tmp = mkdtempSync(join(tmpdir(), `trellis-live-${backend}-`));
  const cleanups: (() => Promise<void>)[] = [
    async () => rmSync(tmp, { recursive: true, force: true }),
  ];
  const streams: LiveStream[] = [];
  let dashboards: Dashboards | undefined;
  try {
    const bench = await startBenchServer({
      backend,
      tmp,
      admin,
      postgresUrl: opts['postgres-url']!,
      name: 'live',
      verbose: opts.verbose!,
      cleanups,
    });
    const worker = spawnTs('worker', join(ENGINE_BENCH, 'trellis-worker.ts'), [], {
      env: { ...bench.sdkEnv, WORKER_NAME: 'live-bench-worker', WORKER_SLOTS: '200' },
      echo: echoer(opts.verbose!),
    });
    await worker.waitForLine((l) => l === 'WORKER READY', 60_000);

    const cpuWithout = await loadPhase(bench, 'load-without-streams');
    log(`${backend}: load without streams: server ${Math.round(cpuWithout)} ms CPU/s`);

    await sleep(1000);
    const rssBefore = rssMiB(bench.server.pid);
    const url = `${bench.baseUrl}/api/v1/stable/tenants/${bench.session.tenantId}/live`;
    const token = bench.sdkEnv['HATCHET_CLIENT_TOKEN']!;
    for (let i = 0; i < STREAMS; i++) streams.push(await openLiveStream(url, token));
    await sleep(2000);
    const rssWith = rssMiB(bench.server.pid);

    const since = new Date();
    const cpuWith = await loadPhase(bench, 'load-with-streams');
    log(`${backend}: load with ${STREAMS} streams: server ${Math.round(cpuWith)} ms CPU/s`);
    await sleep(1000);
    for (const stream of streams) stream.close();

    dashboards = await openDashboards(bench.session, DASHBOARDS);
    const dashboardsSince = new Date();
    const cpuWithDashboards = await loadPhase(bench, 'load-with-dashboards');
    log(
      `${backend}: load with ${DASHBOARDS} dashboards: server ${Math.round(cpuWithDashboards)} ms CPU/s`,
    );
    await sleep(1000);
    const observed = await dashboards.observe();
    await dashboards.close();
    // The worker first: it says goodbye to the server.
    await worker.stop(3000);
    await stopAll();

    const visible: number[] = [];
    const rendering: number[] = [];
    const requests: number[] = [];
    const finishedLater = await finishTimes(bench, dashboardsSince);
    const loadStart = dashboardsSince.getTime();
    for (const page of observed) {
      const responses = page.listRequests
        .filter((r) => r.start >= loadStart)
        .sort((a, b) => a.end - b.end);
      for (const r of responses) requests.push(r.end - r.start);
      for (const [runId, at] of page.succeeded) {
        const finishedAt = finishedLater.get(runId);
        if (finishedAt === undefined) continue;
        visible.push(at - finishedAt);
        const brought = responses.findLast((r) => r.end <= at && r.start >= finishedAt);
        if (brought) rendering.push(at - brought.end);
      }
    }

    const finished = await finishTimes(bench, since, dashboardsSince);
    const latencies: number[] = [];
    let unheard = 0;
    for (const stream of streams) {
      for (const [runId, finishedAt] of finished) {
        const heard = stream.firstNamingAfter(runId, finishedAt);
        if (heard === undefined) unheard += 1;
        else latencies.push(heard - finishedAt);
      }
    }
    const messages = streams.reduce((sum, s) => sum + s.messages.length, 0);
    return {
      backend,
      runs: finished.size,
      finishedToReceived: summarize(latencies),
      unheard,
      messagesPerStreamPerSecond: round(messages / STREAMS / (SECONDS + 2)),
      serverCpuMsPerSecondWithout: Math.round(cpuWithout),
      serverCpuMsPerSecondWith: Math.round(cpuWith),
      serverCpuMsPerSecondPerStream: round((cpuWith - cpuWithout) / STREAMS),
      serverRssMiBPerStream: round((rssWith - rssBefore) / STREAMS),
      finishedToVisible: summarize(visible),
      visiblePairs: visible.length,
      listRequest: summarize(requests),
      listRequestsPerDashboardPerSecond: round(requests.length / DASHBOARDS / (SECONDS + 2)),
      responseToVisible: summarize(rendering),
      serverCpuMsPerSecondWithDashboards: Math.round(cpuWithDashboards),
      serverCpuMsPerSecondPerDashboard: round((cpuWithDashboards - cpuWithout) / DASHBOARDS),
    };
  } finally {
    for (const stream of streams) stream.close();
    await dashboards?.close().catch(() => {});
    await stopAll();
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  }
}

/** When each run of a measured phase finished: its task's FINISHED event, as stored. */
async function finishTimes(
  bench: BenchServer,
  since: Date,
  until: Date | null = null,
): Promise<Map<string, number>> {
  const db = await openDatabase(bench.databaseOptions);
  try {
    const { rows } = await db.query<{ runId: string; at: Date }>(
      `SELECT t.run_id AS "runId", e.created_at AS at
         FROM task_events e JOIN tasks t ON t.id = e.task_id
        WHERE e.event_type = 'FINISHED' AND t.created_at >= $1
          AND ($2::timestamptz IS NULL OR t.created_at < $2)`,
      [since, until],
    );
    return new Map(rows.map((r) => [r.runId, r.at.getTime()]));
  } finally {
    await db.close();
  }
}

const round = (n: number) => Math.round(n * 100) / 100;

function renderMarkdown(results: BackendResult[], machine: MachineInfo): string {
  const row = (label: string, cell: (r: BackendResult) => string | number) =>
    `| ${label} | ${results.map((r) => String(cell(r))).join(' | ')} |`;
  const lat = (s: LatencySummary) => `${s.p50} / ${s.p95} / ${s.p99} / ${s.max}`;
  return [
    `# Live updates benchmark, ${new Date().toISOString().slice(0, 16)}Z`,
    '',
    `Machine: ${machine.nproc} CPUs (${machine.cpuModel}), ${machine.ramGiB} GiB, node ${machine.node}, load at start ${machine.loadAverageAtStart.join(' ')}.`,
    `Load: the no-op task triggered through the SDK at ${RATE}/s for ${SECONDS} s (after 2 s of warm-up), run by one SDK worker with 200 slots; ${STREAMS} event streams open on the tenant, each read as a browser's EventSource reads it; then the same load with ${DASHBOARDS} dashboards open in one Chromium on the runs list, each in a context of its own (the browser shares the machine with the server, the worker and the load generator).`,
    '',
    '| | ' + results.map((r) => r.backend).join(' | ') + ' |',
    '|---|' + results.map(() => '---|').join(''),
    row('runs measured', (r) => r.runs),
    row('FINISHED stored → message received, p50 / p95 / p99 / max (ms)', (r) =>
      lat(r.finishedToReceived),
    ),
    row('(run, stream) pairs never heard after the finish', (r) => r.unheard),
    row('messages per stream per second', (r) => r.messagesPerStreamPerSecond),
    row(
      'server CPU under the load, without / with the streams (ms/s)',
      (r) => `${r.serverCpuMsPerSecondWithout} / ${r.serverCpuMsPerSecondWith}`,
    ),
    row('server CPU per stream (ms/s)', (r) => r.serverCpuMsPerSecondPerStream),
    row('server memory per idle stream (MiB)', (r) => r.serverRssMiBPerStream),
    row('FINISHED stored → visible in a dashboard, p50 / p95 / p99 / max (ms)', (r) =>
      lat(r.finishedToVisible),
    ),
    row('(run, dashboard) pairs measured', (r) => r.visiblePairs),
    row('runs-list request, start → response end, p50 / p95 / p99 / max (ms)', (r) =>
      lat(r.listRequest),
    ),
    row('runs-list requests per dashboard per second', (r) => r.listRequestsPerDashboardPerSecond),
    row('response bringing the row → row visible, p50 / p95 / p99 / max (ms)', (r) =>
      lat(r.responseToVisible),
    ),
    row(
      'server CPU under the load with the dashboards (ms/s)',
      (r) => r.serverCpuMsPerSecondWithDashboards,
    ),
    row('server CPU per dashboard (ms/s)', (r) => r.serverCpuMsPerSecondPerDashboard),
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  const machine = machineInfo();
  const results = await forEachBackend(
    opts.backends!.split(',') as Backend[],
    opts['postgres-url']!,
    runBackend,
  );
  const markdown = renderMarkdown(results, machine);
  console.log(`\n${markdown}`);
  if (!opts['no-write']) log(`wrote ${writeResults('live', { machine, results }, markdown)}`);
}

runBench(main);
