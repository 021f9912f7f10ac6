/**
 * An SDK worker process serving the no-op task and, with EVENT_WORKFLOWS=n, the events
 * scenario's n workflows (event-tasks.ts). Env: WORKER_NAME, WORKER_SLOTS, EVENT_WORKFLOWS and
 * the usual HATCHET_CLIENT_* variables. Prints "WORKER READY". Answers on stdio (worker-stats.ts
 * is the harness's side):
 *
 * - `STATS` → `STATS {"executed","duplicates","events":{"<phase>":{"executed","duplicates",
 *   "misrouted","lastStartedAt"}}}`: the no-op's executions, and the event runs per phase of
 *   the generator (a run is misrouted when its workflow is not the one its event's route names);
 * - `SAMPLES <phase>` → `SAMPLES <phase> [ms, ...]`: push→start of every event run of the phase.
 */
import { createInterface } from 'node:readline';
import { eventExecutions, eventWorkflows, type EventInput } from './event-tasks';
import { executions, hatchet, noop, type NoopInput } from './noop-task';
import type { EventPhaseStats } from './worker-stats';

const seen = new Set<string>();
let executed = 0;
let duplicates = 0;
executions.onRun = (input: NoopInput) => {
  executed += 1;
  if (seen.has(input.id)) duplicates += 1;
  else seen.add(input.id);
};

const seenEvents = new Set<string>();
const eventPhases = new Map<string, EventPhaseStats & { latencies: number[] }>();
eventExecutions.onRun = (route: number, input: EventInput, startedAt: number) => {
  let phase = eventPhases.get(input.phase);
  if (!phase) {
    phase = { executed: 0, duplicates: 0, misrouted: 0, lastStartedAt: 0, latencies: [] };
    eventPhases.set(input.phase, phase);
  }
  phase.executed += 1;
  if (seenEvents.has(input.id)) phase.duplicates += 1;
  else seenEvents.add(input.id);
  if (route !== input.route) phase.misrouted += 1;
  phase.lastStartedAt = Math.max(phase.lastStartedAt, startedAt);
  phase.latencies.push(startedAt - input.pushedAt);
};

function answer(line: string): void {
  const [command, phase] = line.trim().split(' ');
  if (command === 'STATS') {
    const events = Object.fromEntries(
      [...eventPhases].map(([name, { latencies: _, ...counts }]) => [name, counts]),
    );
    console.log(`STATS ${JSON.stringify({ executed, duplicates, events })}`);
  } else if (command === 'SAMPLES' && phase) {
    console.log(`SAMPLES ${phase} ${JSON.stringify(eventPhases.get(phase)?.latencies ?? [])}`);
  }
}

async function main(): Promise<void> {
  const worker = await hatchet.worker(process.env['WORKER_NAME'] ?? 'bench-worker', {
    workflows: [noop, ...eventWorkflows(Number(process.env['EVENT_WORKFLOWS'] ?? 0))],
    slots: Number(process.env['WORKER_SLOTS'] ?? 200),
  });
  createInterface({ input: process.stdin }).on('line', answer);
  process.stdin.on('end', () => process.exit(0));
  const started = worker.start();
  await worker.waitUntilReady();
  console.log('WORKER READY');
  await started;
}

main().catch((error: unknown) => {
  console.error('worker failed:', error);
  process.exit(1);
});
