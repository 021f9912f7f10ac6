/**
 * The load generator: an SDK client process that triggers the no-op task in three phases and
 * measures trigger→start latency (worker start time − trigger time stamped in the input, same
 * host clock) and completion times (the SDK's run result promise); then, when the config asks
 * for them, the events phases (event-load-generator.ts).
 *
 * It talks to the harness on stdio (generator-common.ts): `BARRIER <name>` between phases,
 * `PROGRESS <text>`, `RESULT <json>` once per phase, `DONE` at the end.
 *
 * argv[2] is a JSON config: { latencySamples, openRate, openSeconds, warmupSeconds,
 * burstSize, burstBatch, drainTimeoutMs, scenarios?, events? }. Without `scenarios` only the
 * trigger phases run (as the API benchmark's load uses it).
 */
import { randomUUID } from 'node:crypto';
import { nowMs, summarize } from '../lib/stats';
import { runEventPhases, type EventsConfig } from './event-load-generator';
import {
  barrier,
  inBatches,
  newTracker,
  paced,
  printResult,
  progress,
  recordError,
  settleWithin,
  summary,
  type Tracker,
} from './generator-common';
import { noop, type NoopInput, type NoopOutput } from './noop-task';

interface Config {
  latencySamples: number;
  openRate: number;
  openSeconds: number;
  warmupSeconds: number;
  burstSize: number;
  burstBatch: number;
  drainTimeoutMs: number;
  scenarios?: ('trigger' | 'events')[];
  events?: EventsConfig;
}

const config = JSON.parse(process.argv[2] ?? '{}') as Config;

interface RunRef {
  output: Promise<NoopOutput>;
}
const runNoWait = noop.runNoWait.bind(noop) as unknown as {
  (input: NoopInput): Promise<RunRef>;
  (input: NoopInput[]): Promise<RunRef[]>;
};

/** Follows one run: resolves when its result lands (never rejects). */
function follow(t: Tracker, ref: RunRef, triggeredAt: number): Promise<void> {
  return ref.output.then(
    (output) => {
      const now = nowMs();
      t.completed += 1;
      t.startLatency.push(output.startedAt - triggeredAt);
      if (!(now <= t.lastCompletion)) t.lastCompletion = now;
    },
    (error: unknown) => recordError(t, error),
  );
}

// --- phases -------------------------------------------------------------------------------------

/** One run at a time: trigger, wait for its result, next. */
async function sequential(samples: number) {
  const t = newTracker();
  const roundTrip: number[] = [];
  const deadline = Date.now() + Math.max(60_000, samples * 500);
  for (let i = 0; i < samples && Date.now() < deadline; i++) {
    const at = nowMs();
    if (i === 0) t.firstTrigger = at;
    t.triggered += 1;
    try {
      const ref = await runNoWait({ id: randomUUID(), triggeredAt: at });
      t.ackLatency.push(nowMs() - at);
      const followed = follow(t, ref, at);
      if (!(await settleWithin([followed], 30_000)))
        recordError(t, new Error('no result within 30 s'));
      roundTrip.push(nowMs() - at);
    } catch (error) {
      recordError(t, error);
    }
    if ((i + 1) % 50 === 0) progress(`latency ${i + 1}/${samples}`);
  }
  return summary(t, { triggerToResultSeenMs: summarize(roundTrip) });
}

/** Open loop: `rate` triggers per second for `seconds`, whatever the responses do. */
async function openLoop(rate: number, seconds: number, label: string) {
  const t = newTracker();
  const followed: Promise<void>[] = [];
  const { calls, pacing } = await paced(t, rate, seconds, label, async (at) => {
    const ref = await runNoWait({ id: randomUUID(), triggeredAt: at });
    followed.push(follow(t, ref, at));
  });
  const deadline = Date.now() + config.drainTimeoutMs;
  const drained =
    (await settleWithin(calls, config.drainTimeoutMs)) &&
    (await settleWithin(followed, Math.max(0, deadline - Date.now())));
  return summary(t, {
    ...pacing,
    drainedInTime: drained,
    unfinished: t.triggered - t.completed - t.errors,
  });
}

/** Burst: `size` runs bulk-triggered in batches of `batch` as fast as acks come, then drain. */
async function burst(size: number, batch: number) {
  const t = newTracker();
  const followed: Promise<void>[] = [];
  const bulk = await inBatches(t, size, batch, async (count, at) => {
    const inputs = Array.from({ length: count }, () => ({ id: randomUUID(), triggeredAt: at }));
    const refs = await runNoWait(inputs);
    for (const ref of refs) followed.push(follow(t, ref, at));
  });
  progress(
    `burst: ${size} triggered in ${Math.round(bulk.bulkTriggerSeconds * 1000)} ms, draining`,
  );
  let drained = false;
  const drainDeadline = Date.now() + config.drainTimeoutMs;
  const all = Promise.allSettled(followed).then(() => {
    drained = true;
  });
  while (!drained && Date.now() < drainDeadline) {
    await settleWithin([all], 5000);
    if (!drained) progress(`burst: ${t.completed}/${size} completed`);
  }
  return summary(t, {
    ...bulk,
    drainedInTime: drained,
    unfinished: t.triggered - t.completed - t.errors,
  });
}

async function triggerPhases(): Promise<void> {
  progress(`latency: ${config.latencySamples} sequential runs`);
  printResult('latency', await sequential(config.latencySamples));
  await barrier('latency-done');

  progress(`open loop warm-up: ${config.openRate}/s for ${config.warmupSeconds} s`);
  printResult('warmup', await openLoop(config.openRate, config.warmupSeconds, 'warm-up'));
  await barrier('warmup-done');

  progress(`open loop: ${config.openRate}/s for ${config.openSeconds} s`);
  printResult('open', await openLoop(config.openRate, config.openSeconds, 'open loop'));
  await barrier('open-done');

  progress(`burst: ${config.burstSize} in bulk batches of ${config.burstBatch}`);
  printResult('burst', await burst(config.burstSize, config.burstBatch));
  await barrier('burst-done');
}

async function main(): Promise<void> {
  const scenarios = config.scenarios ?? ['trigger'];
  await barrier('start');
  if (scenarios.includes('trigger')) await triggerPhases();
  if (scenarios.includes('events')) {
    if (!config.events) throw new Error('the events scenario needs its config');
    await runEventPhases(config.events, config.warmupSeconds, config.drainTimeoutMs);
  }
  console.log('DONE');
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.log(
      `FAILED ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    process.exit(1);
  },
);
