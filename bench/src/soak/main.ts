/**
 * The soak benchmark (issue 19): the real server under a steady load for a long while, with
 * workers connecting and leaving, watched for growth. On each backend:
 *
 * - one worker serves throughout; every `--churn-seconds` another worker starts and the one
 *   started before it stops (SIGTERM), so registrations, streams and their slots come and go;
 * - the load (soak-load.ts) triggers the no-op task at `--rate` per second for `--minutes`;
 * - every 5 s the server's memory and open handles are read from its stats file
 *   (TRELLIS_STATS_FILE): the slope of RSS and heap after `--warmup-minutes` (least squares, in
 *   MiB per hour) says whether anything grows without bound;
 * - afterwards, trigger→finish latency per minute (p50, p95, p99) and the counts, from the runs
 *   in the database, with any task finished twice.
 *
 * `npm run bench:soak -- [--backends pglite] [--minutes 30] [--rate 200]`
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type pg from 'pg';
import { openDatabase } from '@trellis/db';
import {
  BENCH_OPTIONS,
  echoer,
  forEachBackend,
  runBench,
  startBenchServer,
  writeResults,
  type Backend,
  log,
} from '../lib/bench-server';
import { sleep, spawnTs, stopAll, type Child } from '../lib/child';
import { machineInfo } from '../lib/machine';
import { drained } from '../lib/queue-totals';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const WORKER = fileURLToPath(new URL('../engine/trellis-worker.ts', import.meta.url));
const SAMPLE_EVERY_MS = 5_000;
const MIB = 1024 * 1024;

const { values: opts } = parseArgs({
  options: {
    ...BENCH_OPTIONS,
    backends: { type: 'string', default: 'pglite' },
    minutes: { type: 'string', default: '30' },
    rate: { type: 'string', default: '200' },
    'warmup-minutes': { type: 'string', default: '3' },
    'churn-seconds': { type: 'string', default: '60' },
    slots: { type: 'string', default: '200' },
  },
});
const MINUTES = Number(opts.minutes);
const RATE = Number(opts.rate);
const WARMUP_MINUTES = Number(opts['warmup-minutes']);
const CHURN_SECONDS = Number(opts['churn-seconds']);

interface Sample {
  /** Seconds since the load began. */
  at: number;
  rssMiB: number;
  heapMiB: number;
  activeResources: number;
}

interface MinuteLatency {
  minute: number;
  runs: number;
  p50: number;
  p95: number;
  p99: number;
}

interface SoakResult {
  backend: Backend;
  minutes: number;
  rate: number;
  triggered: number;
  completed: number;
  failed: number;
  finishedTwice: number;
  refusedCalls: number;
  workersStarted: number;
  /** After the warm-up; MiB per hour. */
  rssSlope: number;
  heapSlope: number;
  /** Open handles per hour after the warm-up, and the most seen. */
  handlesSlope: number;
  maxActiveResources: number;
  rssMiB: { afterWarmup: number; end: number; max: number };
  heapMiB: { afterWarmup: number; end: number; max: number };
  latencyPerMinute: MinuteLatency[];
  samples: Sample[];
}

/** Least-squares slope of `y` over `x` (seconds), per hour. */
function slopePerHour(points: { x: number; y: number }[]): number {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  let num = 0;
  let den = 0;
  for (const p of points) {
    num += (p.x - mx) * (p.y - my);
    den += (p.x - mx) ** 2;
  }
  return den === 0 ? 0 : (num / den) * 3600;
}

function readStats(path: string): Omit<Sample, 'at'> | undefined {
  try {
    const raw = JSON.parse(readFileSync(path, 'utf8')) as {
      rssBytes: number;
      heapUsedBytes: number;
      activeResources: number;
    };
    return {
      rssMiB: raw.rssBytes / MIB,
      heapMiB: raw.heapUsedBytes / MIB,
      activeResources: raw.activeResources,
    };
  } catch {
    return undefined; // not written yet
  }
}

async function runBackend(backend: Backend, admin?: pg.Client): Promise<SoakResult> {
  const tmp = mkdtempSync(join(tmpdir(), `trellis-soak-${backend}-`));
  const cleanups: (() => Promise<void>)[] = [
    async () => rmSync(tmp, { recursive: true, force: true }),
  ];
  const statsFile = join(tmp, 'server-stats.json');
  try {
    const { server, session, sdkEnv, databaseOptions } = await startBenchServer({
      backend,
      tmp,
      admin,
      postgresUrl: opts['postgres-url']!,
      name: 'soak',
      verbose: opts.verbose!,
      cleanups,
      env: { TRELLIS_STATS_FILE: statsFile },
    });
    const echo = echoer(opts.verbose!);
    let workersStarted = 0;
    const startWorker = async (name: string): Promise<Child> => {
      const worker = spawnTs(name, WORKER, [], {
        env: { ...sdkEnv, WORKER_NAME: name, WORKER_SLOTS: opts.slots! },
        echo,
      });
      await worker.waitForLine((l) => l === 'WORKER READY', 60_000);
      workersStarted += 1;
      return worker;
    };
    await startWorker('soak-steady');
    log(`${backend}: server and worker up; ${RATE} runs/s for ${MINUTES} min`);

    const load = spawnTs('load', join(HERE, 'soak-load.ts'), [String(RATE), String(MINUTES * 60)], {
      env: sdkEnv,
      echo: (line) => line.startsWith('MINUTE') || line.startsWith('FAILED') || echo(line),
    });
    const loadStarted = Date.now();
    const samples: Sample[] = [];
    let churn: Child | undefined;
    let nextChurn = loadStarted + CHURN_SECONDS * 1000;
    let churned = 0;
    while (load.running) {
      // A server that died ends the soak with what it last said, not a worker's refused call.
      if (!server.running) {
        throw new Error(
          `the server exited (${await server.exited}); its last output:\n${server.tail(60)}`,
        );
      }
      const stats = readStats(statsFile);
      if (stats) {
        const at = (Date.now() - loadStarted) / 1000;
        // Once a minute in the log, so the trend survives a soak that does not finish.
        if (Math.floor(at / 60) > Math.floor((samples.at(-1)?.at ?? 0) / 60)) {
          log(
            `${backend}: minute ${Math.floor(at / 60)}: RSS ${round(stats.rssMiB)} MiB, heap ` +
              `${round(stats.heapMiB)} MiB, ${stats.activeResources} handles`,
          );
        }
        samples.push({ at, ...stats });
      }
      if (Date.now() >= nextChurn) {
        // A worker joins, then the one that joined before it leaves.
        const joining = await startWorker(`soak-churn-${++churned}`);
        await churn?.stop();
        churn = joining;
        nextChurn = Date.now() + CHURN_SECONDS * 1000;
      }
      await sleep(SAMPLE_EVERY_MS);
    }
    const triggered = Number(load.lines.find((l) => l.startsWith('DONE '))?.slice(5) ?? 0);
    const refusedCalls = load.lines.filter((l) => l.startsWith('FAILED ')).length;
    log(`${backend}: load done (${triggered} triggered); draining`);
    await drained(session);
    await stopAll();

    const db = await openDatabase(databaseOptions);
    try {
      const counts = await db.query<{ status: string; n: string }>(
        `SELECT status, count(*) AS n FROM tasks GROUP BY status`,
      );
      const count = (status: string) =>
        Number(counts.rows.find((r) => r.status === status)?.n ?? 0);
      const twice = await db.query<{ n: string }>(
        `SELECT count(*) AS n FROM (SELECT task_id FROM task_events WHERE event_type = 'FINISHED'
                                    GROUP BY task_id HAVING count(*) > 1) AS t`,
      );
      const latency = await db.query<{
        minute: number;
        runs: string;
        p50: number;
        p95: number;
        p99: number;
      }>(
        `WITH t AS (
           SELECT floor(extract(epoch FROM created_at - min(created_at) OVER ()) / 60)::int AS minute,
                  extract(epoch FROM finished_at - created_at) * 1000 AS ms
             FROM tasks WHERE status = 'COMPLETED')
         SELECT minute, count(*) AS runs,
                percentile_cont(0.5) WITHIN GROUP (ORDER BY ms) AS p50,
                percentile_cont(0.95) WITHIN GROUP (ORDER BY ms) AS p95,
                percentile_cont(0.99) WITHIN GROUP (ORDER BY ms) AS p99
           FROM t GROUP BY minute ORDER BY minute`,
      );
      const afterWarmup = samples.filter((s) => s.at >= WARMUP_MINUTES * 60);
      const series = (pick: (s: Sample) => number) =>
        afterWarmup.map((s) => ({ x: s.at, y: pick(s) }));
      const range = (pick: (s: Sample) => number) => ({
        afterWarmup: round(pick(afterWarmup[0] ?? samples[0]!)),
        end: round(pick(samples.at(-1)!)),
        max: round(Math.max(...samples.map(pick))),
      });
      return {
        backend,
        minutes: MINUTES,
        rate: RATE,
        triggered,
        completed: count('COMPLETED'),
        failed: count('FAILED'),
        finishedTwice: Number(twice.rows[0]!.n),
        refusedCalls,
        workersStarted,
        rssSlope: round(slopePerHour(series((s) => s.rssMiB))),
        heapSlope: round(slopePerHour(series((s) => s.heapMiB))),
        handlesSlope: round(slopePerHour(series((s) => s.activeResources))),
        maxActiveResources: Math.max(...samples.map((s) => s.activeResources)),
        rssMiB: range((s) => s.rssMiB),
        heapMiB: range((s) => s.heapMiB),
        latencyPerMinute: latency.rows.map((r) => ({
          minute: r.minute,
          runs: Number(r.runs),
          p50: round(r.p50),
          p95: round(r.p95),
          p99: round(r.p99),
        })),
        samples,
      };
    } finally {
      await db.close();
    }
  } finally {
    await stopAll();
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

const round = (n: number) => Math.round(n * 10) / 10;

function markdown(results: SoakResult[]): string {
  const lines = [
    '# Soak',
    '',
    `${MINUTES} min at ${RATE} runs/s, a worker joining and one leaving every ${CHURN_SECONDS} s; ` +
      `slopes after a ${WARMUP_MINUTES}-minute warm-up. Machine: ${JSON.stringify(machineInfo())}`,
    '',
  ];
  for (const r of results) {
    lines.push(
      `## ${r.backend}`,
      '',
      '| | |',
      '|---|---|',
      `| triggered / completed / failed | ${r.triggered} / ${r.completed} / ${r.failed} |`,
      `| tasks finished twice | ${r.finishedTwice} |`,
      `| refused trigger calls | ${r.refusedCalls} |`,
      `| workers started | ${r.workersStarted} |`,
      `| RSS MiB (after warm-up → end, max) | ${r.rssMiB.afterWarmup} → ${r.rssMiB.end}, ${r.rssMiB.max} |`,
      `| RSS slope | ${r.rssSlope} MiB/h |`,
      `| heap MiB (after warm-up → end, max) | ${r.heapMiB.afterWarmup} → ${r.heapMiB.end}, ${r.heapMiB.max} |`,
      `| heap slope | ${r.heapSlope} MiB/h |`,
      `| open handles slope, max | ${r.handlesSlope}/h, ${r.maxActiveResources} |`,
      '',
      '| minute | runs | p50 ms | p95 ms | p99 ms |',
      '|---|---|---|---|---|',
      ...r.latencyPerMinute.map(
        (m) => `| ${m.minute} | ${m.runs} | ${m.p50} | ${m.p95} | ${m.p99} |`,
      ),
      '',
    );
  }
  return lines.join('\n');
}

runBench(async () => {
  const backends = opts.backends!.split(',') as Backend[];
  const results = await forEachBackend(backends, opts['postgres-url']!, runBackend);
  const text = markdown(results);
  console.log(text);
  if (!opts['no-write']) log(`written to ${writeResults('soak', results, text)}`);
});
