/**
 * The flow control benchmark (issue 16): on each backend, the real server and one SDK worker
 * (flow-worker.ts), then three bursts bulk-triggered through the SDK (flow-trigger.ts), each
 * drained before the next:
 *
 * - plain: N no-op runs, the baseline;
 * - keyed: N runs over K concurrency keys, one run per key at a time (GROUP_ROUND_ROBIN): the
 *   drain rate against the plain burst's, and fairness (how spread the keys' last completions
 *   are, as a share of the drain);
 * - limited: M runs spending one unit each of a static rate limit of R per second: the rate
 *   they were assigned at, and the most assigned (and started) in any one-second window.
 *
 * Times come from the runs in the database afterwards (tasks' created, started and finished
 * times); server and PostgreSQL CPU are sampled around each burst, per task.
 *
 * `npm run bench:flow -w @trellis/bench [-- --backends pglite --runs 10000 --keys 100]`
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
import { spawnTs, stopAll } from '../lib/child';
import { machineInfo } from '../lib/machine';
import { drained } from '../lib/queue-totals';
import { cpuDelta, postgresCpu, processCpuMs } from '../lib/proc';
import { summarize, type LatencySummary } from '../lib/stats';

const HERE = fileURLToPath(new URL('.', import.meta.url));

const { values: opts } = parseArgs({
  options: {
    ...BENCH_OPTIONS,
    runs: { type: 'string', default: '10000' },
    keys: { type: 'string', default: '100' },
    'limited-runs': { type: 'string', default: '5000' },
    'rate-limit': { type: 'string', default: '100' },
    slots: { type: 'string', default: '500' },
  },
});
const RUNS = Number(opts.runs);
const KEYS = Number(opts.keys);
const LIMITED_RUNS = Number(opts['limited-runs']);
const RATE_LIMIT = Number(opts['rate-limit']);

interface Burst {
  task: 'noop' | 'keyed' | 'limited';
  actionId: string;
  runs: number;
  keys: number;
  serverCpuMs: number;
  postgresCpuMs: number | null;
}

interface BurstResult {
  runs: number;
  completed: number;
  duplicates: number;
  drainSeconds: number;
  tasksPerSecond: number;
  serverCpuMsPerTask: number;
  postgresCpuMsPerTask: number | null;
}

interface BackendResult {
  backend: Backend;
  plain: BurstResult;
  keyed: BurstResult & {
    keys: number;
    ofPlain: number;
    /** Each key's last completion, ms after the burst began. */
    keyLastCompletion: LatencySummary;
    /** (latest − earliest key completion) / drain time. */
    keySpreadShare: number;
    maxRunningPerKey: number;
  };
  limited: BurstResult & {
    limit: number;
    assignedPerSecond: number;
    maxAssignedSlidingSecond: number;
    maxStartedSlidingSecond: number;
  };
}

async function runBackend(backend: Backend, admin?: pg.Client): Promise<BackendResult> {
  const tmp = mkdtempSync(join(tmpdir(), `trellis-flow-${backend}-`));
  const cleanups: (() => Promise<void>)[] = [
    async () => rmSync(tmp, { recursive: true, force: true }),
  ];
  try {
    const { server, session, sdkEnv, databaseOptions, databaseName } = await startBenchServer({
      backend,
      tmp,
      admin,
      postgresUrl: opts['postgres-url']!,
      name: 'flow',
      verbose: opts.verbose!,
      cleanups,
    });
    const echo = echoer(opts.verbose!);
    const worker = spawnTs('worker', join(HERE, 'flow-worker.ts'), [], {
      env: { ...sdkEnv, WORKER_NAME: 'flow-worker', WORKER_SLOTS: opts.slots! },
      echo,
    });
    await worker.waitForLine((l) => l === 'WORKER READY', 60_000);
    log(`${backend}: server and worker up`);

    const burst = async (
      task: Burst['task'],
      runs: number,
      keys: number,
      extra: string[] = [],
    ): Promise<Burst> => {
      const cpuBefore = processCpuMs(server.pid);
      const pgBefore = databaseName ? postgresCpu(databaseName) : undefined;
      const client = spawnTs(
        `trigger-${task}`,
        join(HERE, 'flow-trigger.ts'),
        [task, String(runs), String(keys), ...extra],
        { env: sdkEnv, echo },
      );
      const acked = await client.waitForLine((l) => l.startsWith('TRIGGERED '), 300_000);
      log(`${backend}: ${task}: ${runs} triggered in ${acked.slice('TRIGGERED '.length)} ms`);
      await drained(session);
      const serverCpuMs = processCpuMs(server.pid) - cpuBefore;
      const postgresCpuMs = pgBefore ? cpuDelta(pgBefore, postgresCpu(databaseName)) : null;
      log(`${backend}: ${task}: drained`);
      const actionId = { noop: 'bench-noop', keyed: 'bench-keyed', limited: 'bench-limited' }[task];
      return {
        task,
        actionId: `${actionId}:${actionId}`,
        runs,
        keys,
        serverCpuMs,
        postgresCpuMs,
      };
    };

    const plain = await burst('noop', RUNS, 1);
    const keyed = await burst('keyed', RUNS, KEYS);
    const limited = await burst('limited', LIMITED_RUNS, 1, ['--rate-limit', String(RATE_LIMIT)]);
    await worker.stop();
    await server.stop(15_000);

    const db = await openDatabase(databaseOptions);
    try {
      const plainResult = await measure(db, plain);
      const keyedResult = await measure(db, keyed);
      return {
        backend,
        plain: plainResult,
        keyed: {
          ...keyedResult,
          keys: KEYS,
          ofPlain: round(keyedResult.tasksPerSecond / plainResult.tasksPerSecond, 3),
          ...(await fairness(db, keyed, keyedResult.drainSeconds)),
        },
        limited: {
          ...(await measure(db, limited)),
          limit: RATE_LIMIT,
          ...(await rate(db, limited)),
        },
      };
    } finally {
      await db.close();
    }
  } finally {
    await stopAll();
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  }
}

interface TaskTimes {
  input: { id: string; key: string };
  created: Date;
  started: Date | null;
  finished: Date | null;
  status: string;
}

async function tasksOf(db: Database, burst: Burst): Promise<TaskTimes[]> {
  const { rows } = await db.query<TaskTimes>(
    `SELECT r.input, t.created_at AS created, t.started_at AS started,
            t.finished_at AS finished, t.status
       FROM tasks t JOIN workflow_runs r ON r.id = t.run_id
      WHERE t.action_id = $1`,
    [burst.actionId],
  );
  return rows;
}

async function measure(db: Database, burst: Burst): Promise<BurstResult> {
  const rows = await tasksOf(db, burst);
  const completed = rows.filter((r) => r.status === 'COMPLETED');
  const first = Math.min(...rows.map((r) => r.created.getTime()));
  const last = Math.max(...completed.map((r) => r.finished!.getTime()));
  const drainSeconds = (last - first) / 1000;
  const ids = new Set(rows.map((r) => r.input.id));
  return {
    runs: burst.runs,
    completed: completed.length,
    duplicates: rows.length - ids.size,
    drainSeconds: round(drainSeconds, 2),
    tasksPerSecond: Math.round(completed.length / drainSeconds),
    serverCpuMsPerTask: round(burst.serverCpuMs / burst.runs, 3),
    postgresCpuMsPerTask:
      burst.postgresCpuMs === null ? null : round(burst.postgresCpuMs / burst.runs, 3),
  };
}

/** How evenly the keys were served, and that none ran two at once. */
async function fairness(db: Database, burst: Burst, drainSeconds: number) {
  const rows = (await tasksOf(db, burst)).filter((r) => r.status === 'COMPLETED');
  const first = Math.min(...rows.map((r) => r.created.getTime()));
  const byKey = new Map<string, TaskTimes[]>();
  for (const row of rows) byKey.set(row.input.key, [...(byKey.get(row.input.key) ?? []), row]);
  const lastCompletions = [...byKey.values()].map(
    (list) => Math.max(...list.map((r) => r.finished!.getTime())) - first,
  );
  let maxRunningPerKey = 0;
  for (const list of byKey.values()) {
    for (const row of list) {
      const at = row.started!.getTime();
      const running = list.filter(
        (o) => o.started!.getTime() <= at && o.finished!.getTime() > at,
      ).length;
      maxRunningPerKey = Math.max(maxRunningPerKey, running);
    }
  }
  const spread = Math.max(...lastCompletions) - Math.min(...lastCompletions);
  return {
    keyLastCompletion: summarize(lastCompletions),
    keySpreadShare: round(spread / 1000 / drainSeconds, 3),
    maxRunningPerKey,
  };
}

/**
 * The rate the limited burst was assigned at (what the engine controls: the ASSIGNED events'
 * times) over the whole seconds from the first, and the busiest one-second windows, sliding,
 * of assignments and of the worker's starts (which add the worker's own lag).
 */
async function rate(db: Database, burst: Burst) {
  const { rows } = await db.query<{ at: Date }>(
    `SELECT e.created_at AS at FROM task_events e JOIN tasks t ON t.id = e.task_id
      WHERE t.action_id = $1 AND e.event_type = 'ASSIGNED'`,
    [burst.actionId],
  );
  const assigned = rows.map((r) => r.at.getTime()).sort((a, b) => a - b);
  const starts = (await tasksOf(db, burst))
    .flatMap((r) => (r.started ? [r.started.getTime()] : []))
    .sort((a, b) => a - b);
  const wholeSeconds = Math.floor((assigned.at(-1)! - assigned[0]!) / 1000);
  const inWholeSeconds = assigned.filter((at) => at < assigned[0]! + wholeSeconds * 1000).length;
  return {
    assignedPerSecond: round(inWholeSeconds / wholeSeconds, 1),
    maxAssignedSlidingSecond: busiestSecond(assigned),
    maxStartedSlidingSecond: busiestSecond(starts),
  };
}

/** The most times within any one-second window (sliding). */
function busiestSecond(sorted: readonly number[]): number {
  let most = 0;
  let from = 0;
  for (let to = 0; to < sorted.length; to++) {
    while (sorted[to]! - sorted[from]! >= 1000) from++;
    most = Math.max(most, to - from + 1);
  }
  return most;
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));

function renderMarkdown(results: BackendResult[], machine: ReturnType<typeof machineInfo>) {
  const row = (label: string, cell: (r: BackendResult) => string | number | null) =>
    `| ${label} | ${results.map((r) => String(cell(r))).join(' | ')} |`;
  const cpu = (b: BurstResult) => `${b.serverCpuMsPerTask} / ${b.postgresCpuMsPerTask ?? '–'}`;
  return [
    `# Flow control benchmark, ${new Date().toISOString().slice(0, 16)}Z`,
    '',
    `Machine: ${machine.nproc} CPUs (${machine.cpuModel}), ${machine.ramGiB} GiB, node ${machine.node}, load at start ${machine.loadAverageAtStart.join(' ')}.`,
    `One SDK worker with ${opts.slots} slots running no-op tasks; bursts bulk-triggered through the SDK in batches of 500, each drained before the next. Plain and keyed: ${RUNS} runs; keyed over ${KEYS} keys, one run per key at a time (GROUP_ROUND_ROBIN). Limited: ${LIMITED_RUNS} runs of one unit each, static limit ${RATE_LIMIT} per second.`,
    '',
    '| | ' + results.map((r) => r.backend).join(' | ') + ' |',
    '|---|' + results.map(() => '---|').join(''),
    row('plain: drain (s), tasks/s', (r) => `${r.plain.drainSeconds}, ${r.plain.tasksPerSecond}`),
    row('keyed: drain (s), tasks/s', (r) => `${r.keyed.drainSeconds}, ${r.keyed.tasksPerSecond}`),
    row('keyed ÷ plain drain rate (target ≥ 0.7)', (r) => r.keyed.ofPlain),
    row('keyed: keys’ last completion p50 / p99 / max (ms)', (r) => {
      const s = r.keyed.keyLastCompletion;
      return `${s.p50} / ${s.p99} / ${s.max}`;
    }),
    row('keyed: spread of keys’ last completions ÷ drain', (r) => r.keyed.keySpreadShare),
    row('keyed: most runs of one key at once (must be 1)', (r) => r.keyed.maxRunningPerKey),
    row(
      `limited: assigned per second (limit ${RATE_LIMIT}; target within 5 %)`,
      (r) => r.limited.assignedPerSecond,
    ),
    row(
      'limited: most in any one-second window, assigned (≤ limit) / started by the worker',
      (r) => `${r.limited.maxAssignedSlidingSecond} / ${r.limited.maxStartedSlidingSecond}`,
    ),
    row('plain: CPU per task, server / PostgreSQL (ms)', (r) => cpu(r.plain)),
    row('keyed: CPU per task, server / PostgreSQL (ms)', (r) => cpu(r.keyed)),
    row('limited: CPU per task, server / PostgreSQL (ms)', (r) => cpu(r.limited)),
    row(
      'completed / duplicates (plain, keyed, limited)',
      (r) =>
        `${r.plain.completed}/${r.plain.duplicates}, ${r.keyed.completed}/${r.keyed.duplicates}, ${r.limited.completed}/${r.limited.duplicates}`,
    ),
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  const machine = machineInfo();
  const results = await forEachBackend(
    opts.backends!.split(',') as Backend[],
    opts['postgres-url']!,
    (backend, admin) => {
      log(`=== ${backend} ===`);
      return runBackend(backend, admin);
    },
  );
  const markdown = renderMarkdown(results, machine);
  console.log(`\n${markdown}`);
  if (!opts['no-write'])
    log(`wrote ${writeResults('flow', { machine, results }, markdown)}.json and .md`);
}

runBench(main);
