/** Result shapes, the targets and the Markdown rendering of the engine benchmark. */
import type { MachineInfo } from '../lib/machine';
import type { LatencySummary } from '../lib/stats';

export interface PhaseCosts {
  tasks: number;
  windowSeconds: number;
  cpuMs: {
    server: number;
    postgres: number;
    workers: number;
    generator: number;
    machineBusy: number;
    steal: number;
    otherProcesses: number;
  };
  /** CPU used by processes outside the benchmark during the phase, in cores (0..nproc). */
  otherProcessesCores: number | null;
  /** CPU the hypervisor took from this machine's virtual CPUs (see machineCpuMs). */
  stealCores: number | null;
  perTask: {
    serverCpuMs: number | null;
    postgresCpuMs: number | null;
    serverPlusDbCpuMs: number | null;
    statements: number | null;
    transactions: number | null;
    pgTransactions: number | null;
    pgRowsWritten: number | null;
    walBytes: number | null;
    sdkWorkerCpuMs: number | null;
    sdkGeneratorCpuMs: number | null;
  };
  serverCpuUtilisation: number | null;
}

export interface PhaseResult {
  result: Record<string, unknown>;
  costs: PhaseCosts;
}

export interface PgBossResult {
  version: string;
  config: {
    batchSize: number;
    concurrency: number;
    pollingIntervalSeconds: number;
    insertBatch: number;
  };
  jobs: number;
  executed: number;
  duplicates: number;
  unfinished: number;
  insertSeconds: number;
  drainSeconds: number;
  completedPerSecond: number;
  insertToStartMs: Record<string, number>;
  cpuMs: { postgres: number; worker: number; producer: number };
  perJob: {
    postgresCpuMs: number | null;
    workerCpuMs: number | null;
    pgTransactions: number | null;
    pgRowsWritten: number | null;
    walBytes: number | null;
  };
  idlePostgresCpuMsPerSecond: number;
}

export interface TargetCheck {
  name: string;
  target: string;
  measured: string;
  pass: boolean | null;
}

export interface BackendResult {
  backend: 'pglite' | 'postgres';
  startedAt: string;
  durationSeconds: number;
  serverStartupSeconds: number;
  postgresVersion: string | null;
  postgresSettings: Record<string, string> | null;
  machine: MachineInfo;
  config: unknown;
  statsFileAvailable: boolean;
  idleCpu: { seconds: number; serverCpuMsPerSecond: number; postgresCpuMsPerSecond: number | null };
  loadAverageAtEnd: number[];
  /** pg_stat_user_tables of the bench database over the whole run (PostgreSQL only). */
  tableScans: Record<string, unknown>[] | null;
  correctness: { triggered: number; executedByWorkers: number; duplicateExecutions: number };
  phases: { latency: PhaseResult; open: PhaseResult; burst: PhaseResult };
  comparison: PgBossResult | null;
  targets: TargetCheck[];
}

const latencyOf = (phase: PhaseResult) => phase.result['triggerToStartMs'] as LatencySummary;
const num = (value: unknown) => Number(value);

/** The engine issue's targets, checked against this backend's figures. */
export function evaluateTargets(r: BackendResult): TargetCheck[] {
  const cpuLimit = r.backend === 'postgres' ? 0.5 : 1;
  const checks: TargetCheck[] = [];
  for (const name of ['open', 'burst'] as const) {
    const value = r.phases[name].costs.perTask.serverPlusDbCpuMs;
    checks.push({
      name: `server + database CPU per task (${name === 'open' ? `open loop ${num(r.phases.open.result['offeredRate'])}/s` : 'burst'})`,
      target: `≤ ${cpuLimit} ms`,
      measured: value === null ? 'n/a' : `${value} ms`,
      pass: value === null ? null : value <= cpuLimit,
    });
  }
  const burst = r.phases.burst.result;
  const drainRate = num(burst['completedPerSecond']);
  checks.push({
    name: `burst drain (${num(burst['size'])} bulk-triggered tasks)`,
    target: '≥ 800 tasks/s',
    measured: `${drainRate} tasks/s`,
    pass: drainRate >= 800 && num(burst['completed']) === num(burst['size']),
  });
  const open = r.phases.open.result;
  const p99 = latencyOf(r.phases.open).p99;
  checks.push({
    name: `p99 trigger→start at ${num(open['offeredRate'])} tasks/s`,
    target: '< 100 ms',
    measured: `${p99} ms`,
    pass: p99 < 100 && num(open['completed']) === num(open['triggered']),
  });
  checks.push({
    name: 'every triggered task ran exactly once',
    target: 'executed = triggered, 0 duplicates',
    measured: `${r.correctness.executedByWorkers} / ${r.correctness.triggered}, ${r.correctness.duplicateExecutions} duplicates`,
    pass:
      r.correctness.executedByWorkers === r.correctness.triggered &&
      r.correctness.duplicateExecutions === 0,
  });
  return checks;
}

const fmt = (value: number | null | undefined, digits = 3) =>
  value === null || value === undefined || Number.isNaN(value)
    ? 'n/a'
    : String(Math.round(value * 10 ** digits) / 10 ** digits);
const mark = (pass: boolean | null) => (pass === null ? '—' : pass ? '✅ pass' : '❌ fail');

function machineLines(m: MachineInfo, r: BackendResult): string[] {
  return [
    `- CPU: ${m.nproc} × ${m.cpuModel}; RAM ${m.ramGiB} GiB; kernel ${m.kernel}; load average at start ${m.loadAverageAtStart.join(' ')}, at the end of this backend ${r.loadAverageAtEnd.join(' ')}`,
    `- Disk: fdatasync of 4 KiB ≈ ${m.fdatasyncPerSecond}/s in ${m.fdatasyncDir}`,
    `- Node ${m.node}; ${m.sdk}; PGlite ${m.pglite}; pg-boss ${m.pgBoss}`,
    r.postgresVersion
      ? `- PostgreSQL ${r.postgresVersion} on loopback (${Object.entries(r.postgresSettings ?? {})
          .filter(([k]) => k !== 'server_version')
          .map(([k, v]) => `${k}=${v}`)
          .join(', ')})`
      : '- Database: PGlite (embedded, in the server process) in a temporary data dir',
  ];
}

function latencyRow(label: string, s: LatencySummary | undefined): string {
  if (!s) return `| ${label} | n/a | | | | | |`;
  return `| ${label} | ${fmt(s.p50, 1)} | ${fmt(s.p95, 1)} | ${fmt(s.p99, 1)} | ${fmt(s.max, 1)} | ${fmt(s.mean, 1)} | ${s.count} |`;
}

export function renderBackendMarkdown(r: BackendResult): string {
  const { latency, open, burst } = r.phases;
  const lines: string[] = [];
  lines.push(
    `# Engine benchmark: Trellis on ${r.backend === 'postgres' ? 'PostgreSQL' : 'PGlite'}`,
  );
  lines.push('');
  lines.push(
    `Run ${r.startedAt}, ${r.durationSeconds} s (server start-up ${r.serverStartupSeconds} s). Command: \`npm run bench:engine\`.`,
  );
  lines.push('');
  lines.push('## Machine');
  lines.push('');
  lines.push(...machineLines(r.machine, r));
  lines.push('');
  lines.push('## Targets');
  lines.push('');
  lines.push('| target | required | measured | result |');
  lines.push('|---|---|---|---|');
  for (const t of r.targets)
    lines.push(`| ${t.name} | ${t.target} | ${t.measured} | ${mark(t.pass)} |`);
  lines.push('');
  lines.push('## Throughput');
  lines.push('');
  lines.push(
    '| phase | triggered | completed | errors | completed/s | first trigger → last result (s) |',
  );
  lines.push('|---|---|---|---|---|---|');
  for (const [name, phase] of [
    ['sequential (one at a time)', latency],
    [
      `open loop ${num(open.result['offeredRate'])}/s × ${num(open.result['seconds'])} s (actual trigger rate ${num(open.result['actualTriggerRate'])}/s)`,
      open,
    ],
    [
      `burst ${num(burst.result['size'])} (bulk, batches of ${num(burst.result['batch'])}; triggers took ${num(burst.result['bulkTriggerSeconds'])} s)`,
      burst,
    ],
  ] as const) {
    const res = phase.result;
    lines.push(
      `| ${name} | ${num(res['triggered'])} | ${num(res['completed'])} | ${num(res['errors'])} | ${num(res['completedPerSecond'])} | ${num(res['firstTriggerToLastCompletionSeconds'])} |`,
    );
  }
  lines.push('');
  lines.push('## Trigger → start latency (ms)');
  lines.push('');
  lines.push('Worker start time − trigger time stamped by the load generator (same host clock).');
  lines.push('');
  lines.push('| phase | p50 | p95 | p99 | max | mean | samples |');
  lines.push('|---|---|---|---|---|---|---|');
  lines.push(latencyRow('sequential', latencyOf(latency)));
  lines.push(latencyRow(`open loop ${num(open.result['offeredRate'])}/s`, latencyOf(open)));
  lines.push(latencyRow('burst (queueing included)', latencyOf(burst)));
  lines.push(
    latencyRow('trigger ack, sequential', latency.result['triggerAckMs'] as LatencySummary),
  );
  lines.push(latencyRow('trigger ack, open loop', open.result['triggerAckMs'] as LatencySummary));
  lines.push(
    latencyRow(
      'trigger → result seen by client, sequential',
      latency.result['triggerToResultSeenMs'] as LatencySummary,
    ),
  );
  lines.push('');
  lines.push('## Cost per completed task');
  lines.push('');
  lines.push(
    'CPU time (utime+stime from /proc) over each phase window, divided by the tasks completed in it. ' +
      (r.backend === 'postgres'
        ? "\"PostgreSQL\" sums the bench database's backends and the cluster's shared background processes (other databases' backends excluded)."
        : 'PGlite runs inside the server process, so its CPU is in "server".'),
  );
  lines.push('');
  lines.push('| per task | sequential | open loop | burst |');
  lines.push('|---|---|---|---|');
  const row = (label: string, pick: (c: PhaseCosts) => number | null, digits = 3) =>
    lines.push(
      `| ${label} | ${fmt(pick(latency.costs), digits)} | ${fmt(pick(open.costs), digits)} | ${fmt(pick(burst.costs), digits)} |`,
    );
  row('server CPU (ms)', (c) => c.perTask.serverCpuMs);
  if (r.backend === 'postgres') row('PostgreSQL CPU (ms)', (c) => c.perTask.postgresCpuMs);
  row('**server + database CPU (ms)**', (c) => c.perTask.serverPlusDbCpuMs);
  row('statements (server adapter)', (c) => c.perTask.statements, 2);
  row('transactions (server adapter)', (c) => c.perTask.transactions, 2);
  if (r.backend === 'postgres') {
    row('transactions (pg_stat_database)', (c) => c.perTask.pgTransactions, 2);
    row('rows inserted+updated+deleted', (c) => c.perTask.pgRowsWritten, 1);
    row('WAL bytes (whole cluster)', (c) => c.perTask.walBytes, 0);
  }
  row('SDK worker process CPU (ms, not engine)', (c) => c.perTask.sdkWorkerCpuMs);
  row('SDK load generator CPU (ms, not engine)', (c) => c.perTask.sdkGeneratorCpuMs);
  lines.push(
    `| phase window (s) | ${latency.costs.windowSeconds} | ${open.costs.windowSeconds} | ${burst.costs.windowSeconds} |`,
  );
  lines.push(
    `| other processes on the machine (cores busy) | ${fmt(latency.costs.otherProcessesCores, 2)} | ${fmt(open.costs.otherProcessesCores, 2)} | ${fmt(burst.costs.otherProcessesCores, 2)} |`,
    `| CPU taken by the hypervisor (steal, cores) | ${fmt(latency.costs.stealCores, 2)} | ${fmt(open.costs.stealCores, 2)} | ${fmt(burst.costs.stealCores, 2)} |`,
  );
  lines.push(
    `| server CPU utilisation (1 = one core) | ${fmt(latency.costs.serverCpuUtilisation, 2)} | ${fmt(open.costs.serverCpuUtilisation, 2)} | ${fmt(burst.costs.serverCpuUtilisation, 2)} |`,
  );
  lines.push('');
  const undrained = (['open', 'burst'] as const).filter(
    (p) => r.phases[p].result['drainedInTime'] === false,
  );
  if (undrained.length > 0) {
    lines.push(
      `**Not drained within the ${undrained.map((p) => p).join(' and ')} phase's drain timeout**: its window ended while the engine was still working, ` +
        'so its per-task figures divide the work done so far by the tasks completed so far, and its latencies cover only the completed tasks.',
    );
    lines.push('');
  }
  if (!r.statsFileAvailable) {
    lines.push(
      'Statement counts: n/a — the server wrote no `TRELLIS_STATS_FILE` (hook not present in this build).',
    );
    lines.push('');
  }
  lines.push(
    `Idle (no work, ${r.idleCpu.seconds} s before the first phase): server ${r.idleCpu.serverCpuMsPerSecond} ms CPU/s` +
      (r.idleCpu.postgresCpuMsPerSecond !== null
        ? `, PostgreSQL ${r.idleCpu.postgresCpuMsPerSecond} ms CPU/s (bench database and background processes)`
        : '') +
      '.',
  );
  lines.push('');
  lines.push(
    `Correctness: ${r.correctness.triggered} triggered (warm-up included), ${r.correctness.executedByWorkers} executed by the workers, ${r.correctness.duplicateExecutions} duplicate executions; not finished within the drain timeout: open loop ${num(open.result['unfinished'])}, burst ${num(burst.result['unfinished'])}.`,
  );
  const errors = [latency, open, burst].flatMap(
    (p) => (p.result['errorSamples'] as string[] | undefined) ?? [],
  );
  if (errors.length > 0) {
    lines.push('');
    lines.push(`Errors seen: ${[...new Set(errors)].map((e) => `\`${e}\``).join('; ')}`);
  }
  if (r.tableScans && r.tableScans.length > 0) {
    lines.push('');
    lines.push(
      '## Table access over the whole run (pg_stat_user_tables, top 10 by rows read sequentially)',
    );
    lines.push('');
    const keys = Object.keys(r.tableScans[0]!);
    lines.push(`| ${keys.join(' | ')} |`);
    lines.push(`|${keys.map(() => '---|').join('')}`);
    for (const row of r.tableScans)
      lines.push(`| ${keys.map((k) => String(row[k] ?? '')).join(' | ')} |`);
  }
  if (r.comparison) {
    lines.push('');
    lines.push(...renderComparison(r));
  }
  lines.push('');
  lines.push('## Configuration');
  lines.push('');
  lines.push('```json');
  lines.push(JSON.stringify(r.config, null, 2));
  lines.push('```');
  lines.push('');
  return lines.join('\n');
}

function renderComparison(r: BackendResult): string[] {
  const c = r.comparison!;
  const t = r.phases.burst;
  const ratio = (a: number | null, b: number | null) =>
    a === null || b === null || b === 0 ? 'n/a' : `${fmt(a / b, 2)}×`;
  const trellisRate = num(t.result['completedPerSecond']);
  return [
    `## Same no-op burst through pg-boss ${c.version} on the same PostgreSQL`,
    '',
    `${c.jobs} jobs inserted with \`boss.insert\` in batches of ${c.config.insertBatch} by a producer process, drained by a worker process ` +
      `(\`boss.work\` × ${c.config.concurrency}, batchSize ${c.config.batchSize}, pollingIntervalSeconds ${c.config.pollingIntervalSeconds} — pg-boss's minimum). ` +
      `Executed ${c.executed}, duplicates ${c.duplicates}, unfinished ${c.unfinished}.`,
    '',
    '| burst of ' + c.jobs + ' | Trellis | pg-boss | Trellis / pg-boss |',
    '|---|---|---|---|',
    `| completed/s (first insert → last completion) | ${trellisRate} | ${c.completedPerSecond} | ${ratio(trellisRate, c.completedPerSecond)} |`,
    `| PostgreSQL CPU per task (ms) | ${fmt(t.costs.perTask.postgresCpuMs)} | ${fmt(c.perJob.postgresCpuMs)} | ${ratio(t.costs.perTask.postgresCpuMs, c.perJob.postgresCpuMs)} |`,
    `| engine process CPU per task (ms): Trellis server / pg-boss worker | ${fmt(t.costs.perTask.serverCpuMs)} | ${fmt(c.perJob.workerCpuMs)} | ${ratio(t.costs.perTask.serverCpuMs, c.perJob.workerCpuMs)} |`,
    `| PostgreSQL transactions per task | ${fmt(t.costs.perTask.pgTransactions, 2)} | ${fmt(c.perJob.pgTransactions, 2)} | ${ratio(t.costs.perTask.pgTransactions, c.perJob.pgTransactions)} |`,
    `| rows written per task | ${fmt(t.costs.perTask.pgRowsWritten, 1)} | ${fmt(c.perJob.pgRowsWritten, 1)} | ${ratio(t.costs.perTask.pgRowsWritten, c.perJob.pgRowsWritten)} |`,
    `| WAL bytes per task | ${fmt(t.costs.perTask.walBytes, 0)} | ${fmt(c.perJob.walBytes, 0)} | ${ratio(t.costs.perTask.walBytes, c.perJob.walBytes)} |`,
    `| insert/trigger → start p50 / p99 (ms) | ${fmt(latencyOf(t).p50, 1)} / ${fmt(latencyOf(t).p99, 1)} | ${fmt(c.insertToStartMs['p50'], 1)} / ${fmt(c.insertToStartMs['p99'], 1)} | |`,
    '',
    `pg-boss's worker polls (no LISTEN/NOTIFY in this version), so its drain rate is bounded by batchSize × loops per polling interval ` +
      `(${c.config.batchSize * c.config.concurrency} jobs per ${c.config.pollingIntervalSeconds} s here); its engine is the worker process itself, so ` +
      `"engine process CPU" compares the Trellis server with the pg-boss worker. Idle PostgreSQL CPU with the pg-boss worker polling: ${c.idlePostgresCpuMsPerSecond} ms/s.`,
  ];
}

export function renderSummaryMarkdown(results: BackendResult[], seconds: number): string {
  const lines: string[] = [];
  lines.push('# Engine benchmark summary');
  lines.push('');
  if (results.length === 0) return `${lines.join('\n')}\nNo results.\n`;
  lines.push(
    `Run ${results[0]!.startedAt}, ${Math.round(seconds)} s in all. Per-backend details in the \`-engine-<backend>.md\` files beside this one.`,
  );
  lines.push('');
  lines.push(
    ...machineLines(
      results[0]!.machine,
      results.find((r) => r.backend === 'postgres') ?? results[0]!,
    ),
  );
  lines.push('');
  lines.push(
    '| | ' +
      results.map((r) => (r.backend === 'postgres' ? 'PostgreSQL' : 'PGlite')).join(' | ') +
      ' |',
  );
  lines.push('|---|' + results.map(() => '---|').join(''));
  const row = (label: string, pick: (r: BackendResult) => string) =>
    lines.push(`| ${label} | ${results.map(pick).join(' | ')} |`);
  row(
    'sequential trigger→start p50 / p99 (ms)',
    (r) =>
      `${fmt(latencyOf(r.phases.latency).p50, 1)} / ${fmt(latencyOf(r.phases.latency).p99, 1)}`,
  );
  row(
    'open loop: offered / completed per s',
    (r) =>
      `${num(r.phases.open.result['offeredRate'])} / ${num(r.phases.open.result['completedPerSecond'])}`,
  );
  row('open loop trigger→start p50 / p95 / p99 (ms)', (r) => {
    const s = latencyOf(r.phases.open);
    return `${fmt(s.p50, 1)} / ${fmt(s.p95, 1)} / ${fmt(s.p99, 1)}`;
  });
  row('burst drain (tasks/s)', (r) => String(num(r.phases.burst.result['completedPerSecond'])));
  row(
    'server + DB CPU per task, open loop / burst (ms)',
    (r) =>
      `${fmt(r.phases.open.costs.perTask.serverPlusDbCpuMs)} / ${fmt(r.phases.burst.costs.perTask.serverPlusDbCpuMs)}`,
  );
  row(
    'statements per task, open loop / burst',
    (r) =>
      `${fmt(r.phases.open.costs.perTask.statements, 2)} / ${fmt(r.phases.burst.costs.perTask.statements, 2)}`,
  );
  row(
    'transactions per task (adapter), open loop / burst',
    (r) =>
      `${fmt(r.phases.open.costs.perTask.transactions, 2)} / ${fmt(r.phases.burst.costs.perTask.transactions, 2)}`,
  );
  row('transactions per task (pg_stat_database), open loop / burst', (r) =>
    r.backend === 'postgres'
      ? `${fmt(r.phases.open.costs.perTask.pgTransactions, 2)} / ${fmt(r.phases.burst.costs.perTask.pgTransactions, 2)}`
      : '—',
  );
  lines.push('');
  lines.push('## Targets');
  lines.push('');
  lines.push('| backend | target | required | measured | result |');
  lines.push('|---|---|---|---|---|');
  for (const r of results) {
    for (const t of r.targets)
      lines.push(`| ${r.backend} | ${t.name} | ${t.target} | ${t.measured} | ${mark(t.pass)} |`);
  }
  const pg = results.find((r) => r.comparison);
  if (pg) {
    lines.push('');
    lines.push(...renderComparison(pg));
  }
  lines.push('');
  return lines.join('\n');
}
