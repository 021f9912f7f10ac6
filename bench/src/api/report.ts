/** The API benchmark's result per backend and its Markdown rendering, with the targets. */
import type { MachineInfo } from '../lib/machine';
import { API_REQUESTS, FIRST_ROWS_TARGET_MS, targetMs } from './api-requests';
import type { FirstRowsResult, RequestResult } from './measure';
import type { SlowPlan } from './postgres-plans';

export interface Phase {
  name: string;
  /** Runs completed per second by the engine while the phase was measured (null: idle). */
  loadRunsPerSecond: number | null;
  requests: RequestResult[];
  firstRows: FirstRowsResult;
}

export interface ApiBackendResult {
  backend: 'pglite' | 'postgres';
  startedAt: string;
  tasks: number;
  /** Absent in results recorded before events were seeded. */
  events?: number;
  config: Record<string, number>;
  postgresVersion: string | null;
  /** Null when the data of an earlier run was reused (--reuse). */
  seeding: { seconds: number; summary: string[] } | null;
  phases: Phase[];
  slowPlans: SlowPlan[];
}

/** The events list request with the highest p95 (the events issue's target is on the list). */
export function eventsListSummary(
  requests: readonly RequestResult[],
): { name: string; p95: number; errors: number } | undefined {
  const measured = requests.filter(
    (r) => r.latencyMs && API_REQUESTS.find((a) => a.name === r.name)?.eventsList,
  );
  if (measured.length === 0) return undefined;
  const worst = measured.reduce((a, b) => (b.latencyMs!.p95 > a.latencyMs!.p95 ? b : a));
  return {
    name: worst.name,
    p95: worst.latencyMs!.p95,
    errors: measured.reduce((sum, r) => sum + r.errors, 0),
  };
}

function verdict(measured: number | null | undefined, target: number): string {
  if (measured === null || measured === undefined) return 'n/a';
  return measured < target ? 'pass' : '**FAIL**';
}

export function renderApiMarkdown(result: ApiBackendResult, machine: MachineInfo): string {
  const lines: string[] = [];
  const backendName =
    result.backend === 'postgres'
      ? `PostgreSQL ${result.postgresVersion}`
      : `PGlite ${machine.pglite}`;
  const seededEvents =
    result.events === undefined ? '' : ` and ${result.events.toLocaleString('en-US')} events`;
  lines.push(
    `# API benchmark: ${backendName}, ${result.tasks.toLocaleString('en-US')} seeded tasks${seededEvents}`,
    '',
  );
  lines.push(
    `Started ${result.startedAt} on ${machine.nproc} CPUs (${machine.cpuModel}), ${machine.ramGiB} GiB RAM, ` +
      `kernel ${machine.kernel}, Node ${machine.node}, load average at start ${machine.loadAverageAtStart.join(' ')}. ` +
      `${result.config.samples} sequential requests per line after ${result.config.warmup} warm-up requests.`,
    '',
  );
  if (result.seeding) {
    lines.push(
      `**Seeding** (\`npm run seed -- --tasks ${result.tasks}${result.events === undefined ? '' : ` --events ${result.events}`}\`): ${result.seeding.seconds.toFixed(0)} s wall clock including start-up.`,
      '',
    );
    lines.push('```', ...result.seeding.summary.map((l) => l.trim()), '```', '');
  } else {
    lines.push('Seeding: reused the data of an earlier run (`--reuse`).', '');
  }
  for (const phase of result.phases) {
    const load =
      phase.loadRunsPerSecond === null
        ? ''
        : ` (engine completing ${phase.loadRunsPerSecond} runs/s)`;
    lines.push(`## ${phase.name}${load}`, '');
    lines.push('| request | p50 ms | p95 ms | p99 ms | max ms | errors | p95 target | |');
    lines.push('| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
    for (const request of phase.requests) {
      const l = request.latencyMs;
      const kind = API_REQUESTS.find((r) => r.name === request.name)!.kind;
      const target = targetMs(kind, result.backend);
      lines.push(
        l
          ? `| ${request.name} | ${l.p50} | ${l.p95} | ${l.p99} | ${l.max} | ${request.errors} | < ${target} | ${verdict(request.errors ? Infinity : l.p95, target)} |`
          : `| ${request.name} | – | – | – | – | – | < ${target} | not available (${request.errorSample}) |`,
      );
    }
    const events = eventsListSummary(phase.requests);
    if (events) {
      const target = targetMs('list', result.backend);
      lines.push(
        '',
        `Events list (its ${API_REQUESTS.filter((r) => r.eventsList).length} requests): worst p95 ${events.p95} ms (${events.name}); target < ${target} ms: ${verdict(events.errors ? Infinity : events.p95, target)}.`,
      );
    }
    const first = phase.firstRows;
    lines.push(
      '',
      first.error
        ? `Runs page in Chromium: not measured (${first.error}).`
        : `Runs page in Chromium, navigation → first run rows: cold ${first.cold} ms, then p50 ${first.warm?.p50} ms / max ${first.warm?.max} ms over ${first.visitsMs.length - 1} visits (target < ${FIRST_ROWS_TARGET_MS} ms: ${verdict(first.visitsMs.length ? Math.max(...first.visitsMs) : null, FIRST_ROWS_TARGET_MS)}).`,
      '',
    );
  }
  if (result.slowPlans.length > 0) {
    lines.push(
      `## Statements slower than ${result.config.explainMs} ms (auto_explain, EXPLAIN ANALYZE)`,
      '',
    );
    for (const plan of result.slowPlans) {
      lines.push(
        `### ${plan.durationMs} ms`,
        '',
        '```sql',
        plan.query,
        '```',
        '',
        '```',
        plan.plan,
        '```',
        '',
      );
    }
  } else if (result.backend === 'postgres') {
    lines.push(
      `No statement took longer than ${result.config.explainMs} ms while plans were collected (or the server log was unreadable).`,
      '',
    );
  }
  return `${lines.join('\n')}\n`;
}
