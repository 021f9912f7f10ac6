/**
 * The load generator's events phases: events pushed through the SDK (`hatchet.events.push` /
 * `bulkPush`, key `bench:event`, scope `bench`, payload `{ id, route, pushedAt, phase }`), each
 * routed over the n `bench-event-*` workflows' filters to the one its route names
 * (event-tasks.ts). A push answers with the event, not its runs, so the generator asks the
 * harness to wait until the SDK workers have started every run (`DRAIN`), gets their
 * push→start samples back, then checks with the server that the phase's runs all completed.
 *
 * Phases: a warm-up at the open loop's rate (not counted), the open loop (single pushes at
 * `rate`/s for `seconds`), and the bulk push (`bulk` events in calls of `bulkBatch`); each ends
 * at a barrier like the trigger phases.
 */
import { randomUUID } from 'node:crypto';
import { EVENT_KEY, EVENT_SCOPE, type EventInput } from './event-tasks';
import {
  ask,
  barrier,
  inBatches,
  newTracker,
  paced,
  printResult,
  progress,
  settleWithin,
  sleep,
  summary,
  type Tracker,
} from './generator-common';
import { hatchet } from './noop-task';
import type { Drained, DrainRequest } from './worker-stats';

export interface EventsConfig {
  rate: number;
  seconds: number;
  bulk: number;
  bulkBatch: number;
  workflows: number;
}

let pushed = 0;

/** The next event's payload: routes go round the workflows, so each gets an equal share. */
function eventInput(workflows: number, phase: string, pushedAt: number): EventInput {
  return { id: randomUUID(), route: pushed++ % workflows, pushedAt, phase };
}

/** The ids of the scenario's workflows (the server may run others of its own). */
let workflowIds: string[] = [];

async function findWorkflows(count: number): Promise<void> {
  const { rows = [] } = await hatchet.workflows.list({ name: 'bench-event-', limit: 1000 });
  workflowIds = rows.filter((w) => /^bench-event-\d+$/.test(w.name)).map((w) => w.metadata.id);
  if (workflowIds.length !== count) {
    throw new Error(`found ${workflowIds.length} bench-event workflows, expected ${count}`);
  }
}

/**
 * The server's count of the phase's runs by status (every run of the scenario's workflows
 * created since the phase began is one of its events'), asked until all `expected` are
 * COMPLETED or 15 s have passed.
 */
async function serverCounts(since: Date, expected: number) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      const counts = await hatchet.metrics.getTaskStatusMetrics({
        since: since.toISOString(),
        workflow_ids: workflowIds,
      });
      if (counts.completed >= expected || Date.now() > deadline) return counts;
    } catch (error) {
      if (Date.now() > deadline) {
        progress(`task metrics: ${error instanceof Error ? error.message : String(error)}`);
        return null;
      }
    }
    await sleep(200);
  }
}

/** After the pushes: waits for the runs (through the harness), then sums the phase up. */
async function drain(
  t: Tracker,
  phase: string,
  since: Date,
  timeoutMs: number,
  extra: Record<string, unknown>,
) {
  const request: DrainRequest = { phase, expected: t.triggered - t.errors, timeoutMs };
  const drained = JSON.parse(await ask(`DRAIN ${JSON.stringify(request)}`, 'DRAINED')) as Drained;
  t.completed = drained.executed - drained.duplicates;
  t.startLatency = drained.pushToStartMs;
  if (drained.lastStartedAt > 0) t.lastCompletion = drained.lastStartedAt;
  const server = await serverCounts(since, t.completed);
  return summary(t, {
    ...extra,
    drainedInTime: drained.drainedInTime,
    unfinished: t.triggered - t.completed - t.errors,
    duplicates: drained.duplicates,
    misrouted: drained.misrouted,
    completedOnServer: server?.completed ?? null,
    serverRunStatus: server,
  });
}

async function openLoop(
  config: EventsConfig,
  seconds: number,
  phase: string,
  label: string,
  timeoutMs: number,
) {
  const t = newTracker();
  const since = new Date();
  const { calls, pacing } = await paced(t, config.rate, seconds, label, (at) =>
    hatchet.events.push(EVENT_KEY, eventInput(config.workflows, phase, at), {
      scope: EVENT_SCOPE,
    }),
  );
  await settleWithin(calls, timeoutMs);
  return drain(t, phase, since, timeoutMs, pacing);
}

async function bulkPush(config: EventsConfig, phase: string, timeoutMs: number) {
  const t = newTracker();
  const since = new Date();
  const bulk = await inBatches(t, config.bulk, config.bulkBatch, async (count, at) => {
    const events = Array.from({ length: count }, () => ({
      payload: eventInput(config.workflows, phase, at),
    }));
    await hatchet.events.bulkPush(EVENT_KEY, events, { scope: EVENT_SCOPE });
  });
  progress(`events bulk: ${config.bulk} pushed in ${bulk.bulkTriggerSeconds} s, draining`);
  return drain(t, phase, since, timeoutMs, bulk);
}

export async function runEventPhases(
  config: EventsConfig,
  warmupSeconds: number,
  timeoutMs: number,
): Promise<void> {
  await findWorkflows(config.workflows);
  progress(`events warm-up: ${config.rate}/s for ${warmupSeconds} s`);
  printResult(
    'events-warmup',
    await openLoop(config, warmupSeconds, 'events-warmup', 'events warm-up', timeoutMs),
  );
  await barrier('events-warmup-done');

  progress(`events open loop: ${config.rate}/s for ${config.seconds} s`);
  printResult(
    'events-open',
    await openLoop(config, config.seconds, 'events-open', 'events open loop', timeoutMs),
  );
  await barrier('events-open-done');

  progress(`events bulk: ${config.bulk} in bulkPush calls of ${config.bulkBatch}`);
  printResult('events-bulk', await bulkPush(config, 'events-bulk', timeoutMs));
  await barrier('events-bulk-done');
}
