/**
 * The durable execution benchmark (issue 17): on each backend, the real server and SDK workers
 * (durable-worker.ts), then two scenarios:
 *
 * - sleepers: N durable tasks that each ask the time and sleep 5 s, on a worker with 200
 *   durable slots; each asks to be evicted after a second of waiting, so that they sleep
 *   without holding slots and come back, replaying, when their sleep ends. Every task must
 *   finish once; the wake's lateness is measured twice: when the engine met the sleep (node
 *   met − due) and when the task finished (finished − due: the restore, the dispatch and the
 *   replay). Server CPU per task and peak memory are sampled.
 * - waiters: M durable tasks each waiting for the event of its own key, all waiting on a
 *   worker with room for them, then one event each pushed at a steady rate: push → wait met
 *   (the event's stored time to the node's) and push → task finished.
 *
 * Times come from the database afterwards (tasks, durable_nodes, events).
 *
 * `npm run bench:durable -w @trellis/bench [-- --backends pglite --sleepers 10000 --waiters 1000]`
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type pg from 'pg';
import { openDatabase, type Database } from '@trellis/db';
import {
  echoer,
  forEachBackend,
  runBench,
  startBenchServer,
  writeResults,
  type Backend,
  BENCH_OPTIONS,
  log,
} from '../lib/bench-server';
import { sleep, spawnTs, stopAll, type Child } from '../lib/child';
import { machineInfo } from '../lib/machine';
import { allRunning, drained } from '../lib/queue-totals';
import { cpuDelta, postgresCpu, processCpuMs, rssMiB } from '../lib/proc';
import { summarize, type LatencySummary } from '../lib/stats';
import { SLEEP_SECONDS } from './durable-constants';

const HERE = fileURLToPath(new URL('.', import.meta.url));

const { values: opts } = parseArgs({
  options: {
    ...BENCH_OPTIONS,
    sleepers: { type: 'string', default: '10000' },
    'durable-slots': { type: 'string', default: '200' },
    waiters: { type: 'string', default: '1000' },
    'events-per-second': { type: 'string', default: '100' },
  },
});
const SLEEPERS = Number(opts.sleepers);
const WAITERS = Number(opts.waiters);
const DURABLE_SLOTS = Number(opts['durable-slots']);
const EVENTS_PER_SECOND = Number(opts['events-per-second']);

interface BackendResult {
  backend: Backend;
  sleepers: {
    runs: number;
    completed: number;
    duplicates: number;
    drainSeconds: number;
    evictions: number;
    /** Node met − due (the engine's wake). */
    wakeLateness: LatencySummary;
    /** Task finished − due (with the restore, the dispatch and the replay). */
    finishLateness: LatencySummary;
    serverCpuMsPerTask: number;
    postgresCpuMsPerTask: number | null;
    serverPeakRssMiB: number;
  };
  waiters: {
    runs: number;
    completed: number;
    /** Event stored → its wait met. */
    pushToMet: LatencySummary;
    /** Event stored → the task finished. */
    pushToFinished: LatencySummary;
  };
}

async function runBackend(backend: Backend, admin?: pg.Client): Promise<BackendResult> {
  const tmp = mkdtempSync(join(tmpdir(), `trellis-durable-${backend}-`));
  const cleanups: (() => Promise<void>)[] = [
    async () => rmSync(tmp, { recursive: true, force: true }),
  ];
  try {
    const { server, session, sdkEnv, databaseOptions, databaseName } = await startBenchServer({
      backend,
      tmp,
      admin,
      postgresUrl: opts['postgres-url']!,
      name: 'durable',
      verbose: opts.verbose!,
      cleanups,
    });
    const echo = echoer(opts.verbose!);
    const startWorker = async (name: string, durableSlots: number): Promise<Child> => {
      const worker = spawnTs(name, join(HERE, 'durable-worker.ts'), [], {
        env: { ...sdkEnv, WORKER_NAME: name, DURABLE_SLOTS: String(durableSlots) },
        echo,
      });
      await worker.waitForLine((l) => l === 'WORKER READY', 60_000);
      return worker;
    };
    const load = async (args: string[], done: string) => {
      const client = spawnTs(`load-${args[0]}`, join(HERE, 'durable-load.ts'), args, {
        env: sdkEnv,
        echo,
      });
      const line = await client.waitForLine((l) => l.startsWith(done), 600_000);
      return Number(line.slice(done.length));
    };

    // Sleepers, on a worker with few durable slots: eviction makes room.
    const sleeperWorker = await startWorker('sleeper-worker', DURABLE_SLOTS);
    log(`${backend}: server and worker up`);
    const cpuBefore = processCpuMs(server.pid);
    const pgBefore = databaseName ? postgresCpu(databaseName) : undefined;
    let peakRss = rssMiB(server.pid);
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMiB(server.pid))), 500);
    const triggerMs = await load(['trigger', 'sleeper', String(SLEEPERS)], 'TRIGGERED ');
    log(`${backend}: ${SLEEPERS} sleepers triggered in ${triggerMs} ms`);
    await drained(session);
    clearInterval(sampler);
    const serverCpuMs = processCpuMs(server.pid) - cpuBefore;
    const postgresCpuMs = pgBefore ? cpuDelta(pgBefore, postgresCpu(databaseName)) : null;
    log(`${backend}: sleepers drained`);
    await sleeperWorker.stop();

    // Waiters, on a worker with room for all of them: each waits where it is.
    await startWorker('waiter-worker', WAITERS + 100);
    await load(['trigger', 'waiter', String(WAITERS)], 'TRIGGERED ');
    await allRunning(session, WAITERS);
    // Every one has sent its wait by now (a second after it started, at most).
    await sleep(3000);
    const pushMs = await load(['push', String(WAITERS), String(EVENTS_PER_SECOND)], 'PUSHED ');
    log(`${backend}: ${WAITERS} events pushed in ${pushMs} ms`);
    await drained(session);
    await stopAll();

    const db = await openDatabase(databaseOptions);
    try {
      return {
        backend,
        sleepers: {
          ...(await sleeperResults(db)),
          serverCpuMsPerTask: round(serverCpuMs / SLEEPERS, 3),
          postgresCpuMsPerTask: postgresCpuMs === null ? null : round(postgresCpuMs / SLEEPERS, 3),
          serverPeakRssMiB: Math.round(peakRss),
        },
        waiters: await waiterResults(db),
      };
    } finally {
      await db.close();
    }
  } finally {
    await stopAll();
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  }
}

async function sleeperResults(db: Database) {
  const { rows } = await db.query<{
    id: string;
    status: string;
    created: Date;
    finished: Date | null;
    waitCreated: Date | null;
    waitMet: Date | null;
    evictions: number;
  }>(
    `SELECT r.input->>'id' AS id, t.status, t.created_at AS created, t.finished_at AS finished,
            n.created_at AS "waitCreated", n.satisfied_at AS "waitMet",
            (SELECT count(*)::int FROM task_events e
              WHERE e.task_id = t.id AND e.event_type = 'DURABLE_EVICTED') AS evictions
       FROM tasks t JOIN workflow_runs r ON r.id = t.run_id
       LEFT JOIN durable_nodes n ON n.task_id = t.id AND n.kind = 'WAIT_FOR'
      WHERE t.action_id = 'bench-sleeper:bench-sleeper'`,
  );
  const completed = rows.filter((r) => r.status === 'COMPLETED');
  const due = (r: (typeof rows)[number]) => r.waitCreated!.getTime() + SLEEP_SECONDS * 1000;
  const first = Math.min(...rows.map((r) => r.created.getTime()));
  const last = Math.max(...completed.map((r) => r.finished!.getTime()));
  return {
    runs: SLEEPERS,
    completed: completed.length,
    duplicates: rows.length - new Set(rows.map((r) => r.id)).size,
    drainSeconds: round((last - first) / 1000, 2),
    evictions: rows.reduce((n, r) => n + r.evictions, 0),
    wakeLateness: summarize(completed.map((r) => r.waitMet!.getTime() - due(r))),
    finishLateness: summarize(completed.map((r) => r.finished!.getTime() - due(r))),
  };
}

async function waiterResults(db: Database) {
  const { rows } = await db.query<{
    status: string;
    finished: Date | null;
    waitMet: Date | null;
    pushed: Date;
  }>(
    `SELECT t.status, t.finished_at AS finished, n.satisfied_at AS "waitMet",
            e.created_at AS pushed
       FROM tasks t JOIN workflow_runs r ON r.id = t.run_id
       JOIN durable_nodes n ON n.task_id = t.id AND n.kind = 'WAIT_FOR'
       JOIN events e ON e.tenant_id = t.tenant_id AND e.key = 'bench-go-' || (r.input->>'id')
      WHERE t.action_id = 'bench-waiter:bench-waiter'`,
  );
  const completed = rows.filter((r) => r.status === 'COMPLETED');
  return {
    runs: WAITERS,
    completed: completed.length,
    pushToMet: summarize(completed.map((r) => r.waitMet!.getTime() - r.pushed.getTime())),
    pushToFinished: summarize(completed.map((r) => r.finished!.getTime() - r.pushed.getTime())),
  };
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));

function renderMarkdown(results: BackendResult[], machine: ReturnType<typeof machineInfo>) {
  const row = (label: string, cell: (r: BackendResult) => string | number | null) =>
    `| ${label} | ${results.map((r) => String(cell(r))).join(' | ')} |`;
  const lat = (s: LatencySummary) => `${s.p50} / ${s.p99} / ${s.max}`;
  return [
    `# Durable execution benchmark, ${new Date().toISOString().slice(0, 16)}Z`,
    '',
    `Machine: ${machine.nproc} CPUs (${machine.cpuModel}), ${machine.ramGiB} GiB, node ${machine.node}, load at start ${machine.loadAverageAtStart.join(' ')}.`,
    `Sleepers: ${SLEEPERS} durable tasks bulk-triggered through the SDK, each asking the time and sleeping ${SLEEP_SECONDS} s on one SDK worker with ${DURABLE_SLOTS} durable slots, evicted after a second of waiting (their policy) and restored when the sleep ends. Waiters: ${WAITERS} durable tasks each waiting for its own event key on a worker with room for all, then one event each pushed through the SDK at ${EVENTS_PER_SECOND}/s.`,
    '',
    '| | ' + results.map((r) => r.backend).join(' | ') + ' |',
    '|---|' + results.map(() => '---|').join(''),
    row(
      'sleepers: completed / duplicates',
      (r) => `${r.sleepers.completed} / ${r.sleepers.duplicates}`,
    ),
    row(
      'sleepers: drain (s), evictions',
      (r) => `${r.sleepers.drainSeconds}, ${r.sleepers.evictions}`,
    ),
    row('sleepers: wake lateness, sleep met − due, p50 / p99 / max (ms)', (r) =>
      lat(r.sleepers.wakeLateness),
    ),
    row('sleepers: task finished − due, p50 / p99 / max (ms)', (r) =>
      lat(r.sleepers.finishLateness),
    ),
    row(
      'sleepers: CPU per task, server / PostgreSQL (ms)',
      (r) => `${r.sleepers.serverCpuMsPerTask} / ${r.sleepers.postgresCpuMsPerTask ?? '–'}`,
    ),
    row('sleepers: server peak RSS (MiB)', (r) => r.sleepers.serverPeakRssMiB),
    row('waiters: completed', (r) => r.waiters.completed),
    row('waiters: event stored → wait met, p50 / p99 / max (ms)', (r) => lat(r.waiters.pushToMet)),
    row('waiters: event stored → task finished, p50 / p99 / max (ms)', (r) =>
      lat(r.waiters.pushToFinished),
    ),
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  const machine = machineInfo();
  const results = await forEachBackend(
    opts.backends!.split(',') as Backend[],
    opts['postgres-url']!,
    async (backend, admin) => {
      const result = await runBackend(backend, admin);
      log(`${backend}: ${JSON.stringify(result)}`);
      return result;
    },
  );
  const markdown = renderMarkdown(results, machine);
  console.log(markdown);
  if (!opts['no-write']) log(`wrote ${writeResults('durable', { machine, results }, markdown)}`);
}

runBench(main);
