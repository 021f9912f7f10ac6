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

/** The trigger scenario: the no-op task triggered through the SDK. */
export interface TriggerPhases {
  latency: PhaseResult;
  open: PhaseResult;
  burst: PhaseResult;
}

/** The events scenario: events pushed through the SDK, each routed to one workflow by filters. */
export interface EventsResult {
  workflows: number;
  open: PhaseResult;
  bulk: PhaseResult;
  /** Over the three events phases (warm-up included). */
  correctness: {
    pushed: number;
    executedByWorkers: number;
    duplicateExecutions: number;
    /** Runs of a workflow other than the one the event's route names. */
    misrouted: number;
    /** COMPLETED runs the server counted (task metrics); null when it could not be asked. */
    completedOnServer: number | null;
  };
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
  /** The trigger scenario's executions (the no-op task). */
  correctness: { triggered: number; executedByWorkers: number; duplicateExecutions: number };
  /** The trigger scenario; absent when the run left it out (`--scenarios`). */
  phases?: TriggerPhases;
  /** The events scenario; absent when the run left it out (and in results recorded before it). */
  events?: EventsResult;
  comparison: PgBossResult | null;
  targets: TargetCheck[];
}

const latencyOf = (phase: PhaseResult) => phase.result['triggerToStartMs'] as LatencySummary;
const num = (value: unknown) => Number(value);

/** p99 start latency under 100 ms, with every run of the phase completed. */
function p99Check(name: string, phase: PhaseResult): TargetCheck {
  const p99 = latencyOf(phase).p99;
  return {
    name,
    target: '< 100 ms',
    measured: `${p99} ms`,
    pass: p99 < 100 && num(phase.result['completed']) === num(phase.result['triggered']),
  };
}

/** A bulk phase drained at 800 runs a second or more, every run completed. */
function drainCheck(name: string, phase: PhaseResult, unit: string): TargetCheck {
  const rate = num(phase.result['completedPerSecond']);
  return {
    name,
    target: `≥ 800 ${unit}/s`,
    measured: `${rate} ${unit}/s`,
    pass: rate >= 800 && num(phase.result['completed']) === num(phase.result['size']),
  };
}

function triggerTargets(r: BackendResult, phases: TriggerPhases): TargetCheck[] {
  const cpuLimit = r.backend === 'postgres' ? 0.5 : 1;
  const checks: TargetCheck[] = [];
  for (const name of ['open', 'burst'] as const) {
    const value = phases[name].costs.perTask.serverPlusDbCpuMs;
    checks.push({
      name: `server + database CPU per task (${name === 'open' ? `open loop ${num(phases.open.result['offeredRate'])}/s` : 'burst'})`,
      target: `≤ ${cpuLimit} ms`,
      measured: value === null ? 'n/a' : `${value} ms`,
      pass: value === null ? null : value <= cpuLimit,
    });
  }
  checks.push(
    drainCheck(
      `burst drain (${num(phases.burst.result['size'])} bulk-triggered tasks)`,
      phases.burst,
      'tasks',
    ),
    p99Check(`p99 trigger→start at ${num(phases.open.result['offeredRate'])} tasks/s`, phases.open),
  );
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

function eventTargets(events: EventsResult): TargetCheck[] {
  const c = events.correctness;
  return [
    p99Check(
      `p99 event push→start at ${num(events.open.result['offeredRate'])} events/s`,
      events.open,
    ),
    drainCheck(
      `bulk push drain (${num(events.bulk.result['size'])} events, ${num(events.bulk.result['batch'])} per call)`,
      events.bulk,
      'runs',
    ),
    {
      name: 'every pushed event ran its one workflow exactly once',
      target: 'executed = completed = pushed, 0 duplicates, 0 misrouted',
      measured: `${c.executedByWorkers} executed, ${c.completedOnServer ?? 'n/a'} completed / ${c.pushed} pushed, ${c.duplicateExecutions} duplicates, ${c.misrouted} misrouted`,
      pass:
        c.executedByWorkers === c.pushed &&
        c.completedOnServer === c.pushed &&
        c.duplicateExecutions === 0 &&
        c.misrouted === 0,
    },
  ];
}

/** The issues' targets (engine, events), checked against this backend's figures. */
export function evaluateTargets(r: BackendResult): TargetCheck[] {
  return [
    ...(r.phases ? triggerTargets(r, r.phases) : []),
    ...(r.events ? eventTargets(r.events) : []),
  ];
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

const LATENCY_HEADER = [
  '| phase | p50 | p95 | p99 | max | mean | samples |',
  '|---|---|---|---|---|---|---|',
];

/** A row of a throughput table; `extra` cells come after the standard ones. */
function throughputRow(label: string, res: Record<string, unknown>, extra: string[] = []): string {
  return `| ${[
    label,
    num(res['triggered']),
    num(res['completed']),
    num(res['errors']),
    num(res['completedPerSecond']),
    num(res['firstTriggerToLastCompletionSeconds']),
    ...extra,
  ].join(' | ')} |`;
}

/**
 * The CPU and counter figures of phases side by side, each divided by what completed in its
 * window (`header` names the unit of each column).
 */
function costTable(r: BackendResult, header: string, columns: [string, PhaseCosts][]): string[] {
  const lines = [
    `| ${header} | ${columns.map(([name]) => name).join(' | ')} |`,
    `|---|${columns.map(() => '---|').join('')}`,
  ];
  const row = (label: string, pick: (c: PhaseCosts) => number | null | undefined, digits = 3) =>
    lines.push(`| ${label} | ${columns.map(([, c]) => fmt(pick(c), digits)).join(' | ')} |`);
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
  row('phase window (s)', (c) => c.windowSeconds);
  row('other processes on the machine (cores busy)', (c) => c.otherProcessesCores, 2);
  row('CPU taken by the hypervisor (steal, cores)', (c) => c.stealCores, 2);
  row('server CPU utilisation (1 = one core)', (c) => c.serverCpuUtilisation, 2);
  return lines;
}

function costIntro(r: BackendResult, unit: string): string {
  return (
    `CPU time (utime+stime from /proc) over each phase window, divided by the ${unit} completed in it. ` +
    (r.backend === 'postgres'
      ? "\"PostgreSQL\" sums the bench database's backends and the cluster's shared background processes (other databases' backends excluded)."
      : 'PGlite runs inside the server process, so its CPU is in "server".')
  );
}

/** Notes on phases whose drain timed out, and the errors seen in them. */
function phaseNotes(phases: [string, PhaseResult][]): string[] {
  const lines: string[] = [];
  const undrained = phases.filter(([, p]) => p.result['drainedInTime'] === false);
  if (undrained.length > 0) {
    lines.push(
      `**Not drained within the ${undrained.map(([name]) => name).join(' and ')} phase's drain timeout**: its window ended while the engine was still working, ` +
        'so its per-task figures divide the work done so far by the tasks completed so far, and its latencies cover only the completed tasks.',
      '',
    );
  }
  const errors = phases.flatMap(
    ([, p]) => (p.result['errorSamples'] as string[] | undefined) ?? [],
  );
  if (errors.length > 0) {
    lines.push(`Errors seen: ${[...new Set(errors)].map((e) => `\`${e}\``).join('; ')}`, '');
  }
  return lines;
}

function triggerSections(r: BackendResult, phases: TriggerPhases): string[] {
  const { latency, open, burst } = phases;
  const lines: string[] = [];
  lines.push('## Throughput');
  lines.push('');
  lines.push(
    '| phase | triggered | completed | errors | completed/s | first trigger → last result (s) |',
  );
  lines.push('|---|---|---|---|---|---|');
  lines.push(
    throughputRow('sequential (one at a time)', latency.result),
    throughputRow(
      `open loop ${num(open.result['offeredRate'])}/s × ${num(open.result['seconds'])} s (actual trigger rate ${num(open.result['actualTriggerRate'])}/s)`,
      open.result,
    ),
    throughputRow(
      `burst ${num(burst.result['size'])} (bulk, batches of ${num(burst.result['batch'])}; triggers took ${num(burst.result['bulkTriggerSeconds'])} s)`,
      burst.result,
    ),
  );
  lines.push('');
  lines.push('## Trigger → start latency (ms)');
  lines.push('');
  lines.push('Worker start time − trigger time stamped by the load generator (same host clock).');
  lines.push('');
  lines.push(...LATENCY_HEADER);
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
  lines.push(costIntro(r, 'tasks'));
  lines.push('');
  lines.push(
    ...costTable(r, 'per task', [
      ['sequential', latency.costs],
      ['open loop', open.costs],
      ['burst', burst.costs],
    ]),
  );
  lines.push('');
  lines.push(
    ...phaseNotes([
      ['sequential', latency],
      ['open loop', open],
      ['burst', burst],
    ]),
  );
  lines.push(
    `Correctness: ${r.correctness.triggered} triggered (warm-up included), ${r.correctness.executedByWorkers} executed by the workers, ${r.correctness.duplicateExecutions} duplicate executions; not finished within the drain timeout: open loop ${num(open.result['unfinished'])}, burst ${num(burst.result['unfinished'])}.`,
  );
  lines.push('');
  return lines;
}

function eventSections(r: BackendResult, events: EventsResult): string[] {
  const { open, bulk, correctness: c } = events;
  const lines: string[] = [];
  lines.push('## Events: pushed through the SDK, routed by CEL filters');
  lines.push('');
  lines.push(
    `${events.workflows} workflows (\`bench-event-0\` … \`bench-event-${events.workflows - 1}\`, no-op tasks) listen on \`bench:*\`, each with one filter of the scope \`bench\`, ` +
      '`input.route == <i>`: every event (key `bench:event`, scope `bench`, payload `{ id, route, pushedAt, phase }`) is checked against all of their filters and triggers the one workflow its route names. ' +
      'Runs/s: runs started ÷ (first push → the last run started on the worker); the server then counted them COMPLETED (task metrics).',
  );
  lines.push('');
  lines.push(
    '| phase | pushed | runs started | errors | runs/s | first push → last start (s) | completed (server) |',
  );
  lines.push('|---|---|---|---|---|---|---|');
  const server = (res: Record<string, unknown>) => [String(res['completedOnServer'] ?? 'n/a')];
  lines.push(
    throughputRow(
      `open loop ${num(open.result['offeredRate'])}/s × ${num(open.result['seconds'])} s (actual push rate ${num(open.result['actualTriggerRate'])}/s)`,
      open.result,
      server(open.result),
    ),
    throughputRow(
      `bulk push ${num(bulk.result['size'])} (bulkPush, ${num(bulk.result['batch'])} per call; pushes took ${num(bulk.result['bulkTriggerSeconds'])} s)`,
      bulk.result,
      server(bulk.result),
    ),
  );
  lines.push('');
  lines.push('### Push → start latency (ms)');
  lines.push('');
  lines.push(
    'Worker start time − the `pushedAt` the generator stamped in the payload just before the push call (in a bulk call all its events share one stamp, so it includes queueing behind the backlog). Ack: how long the push call took to return (the event and its run are durable then).',
  );
  lines.push('');
  lines.push(...LATENCY_HEADER);
  lines.push(latencyRow(`open loop ${num(open.result['offeredRate'])}/s`, latencyOf(open)));
  lines.push(latencyRow('bulk push (queueing included)', latencyOf(bulk)));
  lines.push(
    latencyRow('push ack, open loop (one event)', open.result['triggerAckMs'] as LatencySummary),
  );
  lines.push(
    latencyRow(
      `push ack, bulk (one call of ${num(bulk.result['batch'])})`,
      bulk.result['triggerAckMs'] as LatencySummary,
    ),
  );
  lines.push('');
  lines.push('### Cost per event, beside the plain trigger’s per task (same run)');
  lines.push('');
  lines.push(
    `${costIntro(r, 'events (runs)')} Each event triggers one run, so per event is per run.`,
  );
  lines.push('');
  const columns: [string, PhaseCosts][] = [
    ['events open loop', open.costs],
    ['events bulk push', bulk.costs],
  ];
  if (r.phases) {
    columns.push(['trigger open loop (per task)', r.phases.open.costs]);
    columns.push(['trigger burst (per task)', r.phases.burst.costs]);
  }
  lines.push(...costTable(r, 'per event', columns));
  lines.push('');
  lines.push(
    ...phaseNotes([
      ['events open loop', open],
      ['events bulk push', bulk],
    ]),
  );
  lines.push(
    `Correctness: ${c.pushed} events pushed (warm-up included), ${c.executedByWorkers} runs executed by the workers, ${c.completedOnServer ?? 'n/a'} completed on the server, ${c.duplicateExecutions} duplicate executions, ${c.misrouted} runs of the wrong workflow; not started within the drain timeout: open loop ${num(open.result['unfinished'])}, bulk ${num(bulk.result['unfinished'])}.`,
  );
  lines.push('');
  return lines;
}

export function renderBackendMarkdown(r: BackendResult): string {
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
  if (r.phases) lines.push(...triggerSections(r, r.phases));
  if (r.events) lines.push(...eventSections(r, r.events));
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
  if (r.comparison && r.phases) {
    lines.push('');
    lines.push(...renderComparison(r, r.phases));
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

function renderComparison(r: BackendResult, phases: TriggerPhases): string[] {
  const c = r.comparison!;
  const t = phases.burst;
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
  /** `a / b` of a figure of two phases, n/a when the run left them out. */
  const pair = (
    phases: [PhaseResult, PhaseResult] | undefined,
    pick: (p: PhaseResult) => number | null | undefined,
    digits = 3,
  ) => (phases ? phases.map((p) => fmt(pick(p), digits)).join(' / ') : 'n/a');
  const percentiles = (phase: PhaseResult | undefined) => {
    if (!phase) return 'n/a';
    const s = latencyOf(phase);
    return `${fmt(s.p50, 1)} / ${fmt(s.p95, 1)} / ${fmt(s.p99, 1)}`;
  };
  const rate = (phase: PhaseResult | undefined) =>
    phase
      ? `${num(phase.result['offeredRate'])} / ${num(phase.result['completedPerSecond'])}`
      : 'n/a';
  const drainRate = (phase: PhaseResult | undefined) =>
    phase ? String(num(phase.result['completedPerSecond'])) : 'n/a';
  const trigger = (r: BackendResult) =>
    r.phases && ([r.phases.open, r.phases.burst] as [PhaseResult, PhaseResult]);
  const events = (r: BackendResult) =>
    r.events && ([r.events.open, r.events.bulk] as [PhaseResult, PhaseResult]);
  const server = (p: PhaseResult) => p.costs.perTask.serverCpuMs;
  const postgres = (p: PhaseResult) => p.costs.perTask.postgresCpuMs;
  const serverPlusDb = (p: PhaseResult) => p.costs.perTask.serverPlusDbCpuMs;
  const statements = (p: PhaseResult) => p.costs.perTask.statements;
  const others = (p: PhaseResult) => p.costs.otherProcessesCores;

  if (results.some((r) => r.phases)) {
    row('sequential trigger→start p50 / p99 (ms)', (r) =>
      r.phases
        ? `${fmt(latencyOf(r.phases.latency).p50, 1)} / ${fmt(latencyOf(r.phases.latency).p99, 1)}`
        : 'n/a',
    );
    row('open loop: offered / completed per s', (r) => rate(r.phases?.open));
    row('open loop trigger→start p50 / p95 / p99 (ms)', (r) => percentiles(r.phases?.open));
    row('burst drain (tasks/s)', (r) => drainRate(r.phases?.burst));
    row('server + DB CPU per task, open loop / burst (ms)', (r) => pair(trigger(r), serverPlusDb));
    row('statements per task, open loop / burst', (r) => pair(trigger(r), statements, 2));
    row('transactions per task (adapter), open loop / burst', (r) =>
      pair(trigger(r), (p) => p.costs.perTask.transactions, 2),
    );
    row('transactions per task (pg_stat_database), open loop / burst', (r) =>
      r.backend === 'postgres' ? pair(trigger(r), (p) => p.costs.perTask.pgTransactions, 2) : '—',
    );
    row('other processes (cores busy), open loop / burst', (r) => pair(trigger(r), others, 2));
  }
  if (results.some((r) => r.events)) {
    row('events open loop: offered / runs per s', (r) => rate(r.events?.open));
    row('events push→start p50 / p95 / p99 (ms)', (r) => percentiles(r.events?.open));
    row('events bulk push drain (runs/s)', (r) => drainRate(r.events?.bulk));
    row('server + DB CPU per event, events open loop / bulk (ms)', (r) =>
      pair(events(r), serverPlusDb),
    );
    row('server CPU per event, events open / bulk · per task, trigger open / burst (ms)', (r) =>
      [pair(events(r), server), pair(trigger(r), server)].join(' · '),
    );
    row(
      'PostgreSQL CPU per event, events open / bulk · per task, trigger open / burst (ms)',
      (r) =>
        r.backend === 'postgres'
          ? [pair(events(r), postgres), pair(trigger(r), postgres)].join(' · ')
          : '— (in the server)',
    );
    row('statements per event, events open loop / bulk', (r) => pair(events(r), statements, 2));
    row('other processes (cores busy), events open loop / bulk', (r) => pair(events(r), others, 2));
  }
  lines.push('');
  lines.push('## Targets');
  lines.push('');
  lines.push('| backend | target | required | measured | result |');
  lines.push('|---|---|---|---|---|');
  for (const r of results) {
    for (const t of r.targets)
      lines.push(`| ${r.backend} | ${t.name} | ${t.target} | ${t.measured} | ${mark(t.pass)} |`);
  }
  const pg = results.find((r) => r.comparison && r.phases);
  if (pg?.phases) {
    lines.push('');
    lines.push(...renderComparison(pg, pg.phases));
  }
  lines.push('');
  return lines.join('\n');
}
