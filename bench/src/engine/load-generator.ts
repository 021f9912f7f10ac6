/**
 * The load generator: an SDK client process that triggers the no-op task in three phases and
 * measures trigger→start latency (worker start time − trigger time stamped in the input, same
 * host clock) and completion times (the SDK's run result promise).
 *
 * It talks to the orchestrator on stdio: `BARRIER <name>` (then waits for `GO` on stdin, while
 * the orchestrator samples CPU and statement counts on an idle system), `PROGRESS <text>`,
 * `RESULT <json>` once per phase, `DONE` at the end.
 *
 * argv[2] is a JSON config: { latencySamples, openRate, openSeconds, warmupSeconds,
 * burstSize, burstBatch, drainTimeoutMs }.
 */
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import { nowMs, summarize } from '../lib/stats';
import { noop, type NoopInput, type NoopOutput } from './noop-task';

interface Config {
  latencySamples: number;
  openRate: number;
  openSeconds: number;
  warmupSeconds: number;
  burstSize: number;
  burstBatch: number;
  drainTimeoutMs: number;
}

const config = JSON.parse(process.argv[2] ?? '{}') as Config;

interface RunRef {
  output: Promise<NoopOutput>;
}
const runNoWait = noop.runNoWait.bind(noop) as unknown as {
  (input: NoopInput): Promise<RunRef>;
  (input: NoopInput[]): Promise<RunRef[]>;
};

// --- stdio protocol ---------------------------------------------------------------------------

const goWaiters: (() => void)[] = [];
createInterface({ input: process.stdin }).on('line', (line) => {
  if (line.trim() === 'GO') goWaiters.shift()?.();
});
process.stdin.on('end', () => process.exit(2));

async function barrier(name: string): Promise<void> {
  const go = new Promise<void>((resolve) => goWaiters.push(resolve));
  console.log(`BARRIER ${name}`);
  await go;
}

const progress = (text: string) => console.log(`PROGRESS ${text}`);
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Waits for all promises, at most `ms`; returns whether they all settled in time. */
async function settleWithin(promises: Promise<unknown>[], ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const done = Promise.allSettled(promises).then(() => true as const);
  const result = await Promise.race([done, timedOut]);
  clearTimeout(timer);
  return result;
}

interface Tracker {
  triggered: number;
  completed: number;
  errors: number;
  errorSamples: string[];
  startLatency: number[];
  ackLatency: number[];
  firstTrigger: number;
  lastCompletion: number;
}

function newTracker(): Tracker {
  return {
    triggered: 0,
    completed: 0,
    errors: 0,
    errorSamples: [],
    startLatency: [],
    ackLatency: [],
    firstTrigger: NaN,
    lastCompletion: NaN,
  };
}

function recordError(t: Tracker, error: unknown): void {
  t.errors += 1;
  if (t.errorSamples.length < 5) {
    t.errorSamples.push(error instanceof Error ? error.message : JSON.stringify(error));
  }
}

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

function summary(t: Tracker, extra: Record<string, unknown> = {}) {
  const seconds = (t.lastCompletion - t.firstTrigger) / 1000;
  return {
    triggered: t.triggered,
    completed: t.completed,
    errors: t.errors,
    errorSamples: t.errorSamples,
    firstTriggerToLastCompletionSeconds: Math.round(seconds * 1000) / 1000,
    completedPerSecond: t.completed > 0 ? Math.round((t.completed / seconds) * 10) / 10 : 0,
    triggerToStartMs: summarize(t.startLatency),
    triggerAckMs: summarize(t.ackLatency),
    ...extra,
  };
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
  const total = Math.round(rate * seconds);
  const followed: Promise<void>[] = [];
  const lag: number[] = [];
  const start = nowMs();
  t.firstTrigger = start;
  let sent = 0;
  let nextProgress = start + 5000;
  const fire = (i: number) => {
    const at = nowMs();
    lag.push(at - (start + (i * 1000) / rate));
    t.triggered += 1;
    followed.push(
      runNoWait({ id: randomUUID(), triggeredAt: at }).then(
        (ref) => {
          t.ackLatency.push(nowMs() - at);
          return follow(t, ref, at);
        },
        (error: unknown) => recordError(t, error),
      ),
    );
  };
  while (sent < total) {
    const now = nowMs();
    const due = Math.min(total, Math.floor(((now - start) * rate) / 1000) + 1);
    while (sent < due) fire(sent++);
    if (now >= nextProgress) {
      progress(`${label} ${sent}/${total} sent, ${t.completed} completed`);
      nextProgress += 5000;
    }
    const next = start + (sent * 1000) / rate;
    await sleep(Math.max(0, next - nowMs()));
  }
  const lastTrigger = nowMs();
  const drained = await settleWithin(followed, config.drainTimeoutMs);
  return summary(t, {
    offeredRate: rate,
    seconds,
    actualTriggerRate: Math.round((total / ((lastTrigger - start) / 1000)) * 10) / 10,
    drainedInTime: drained,
    unfinished: t.triggered - t.completed - t.errors,
    triggerLagMs: summarize(lag),
  });
}

/** Burst: `size` runs bulk-triggered in batches of `batch` as fast as acks come, then drain. */
async function burst(size: number, batch: number) {
  const t = newTracker();
  const followed: Promise<void>[] = [];
  const start = nowMs();
  t.firstTrigger = start;
  for (let i = 0; i < size; i += batch) {
    const count = Math.min(batch, size - i);
    const at = nowMs();
    const inputs = Array.from({ length: count }, () => ({ id: randomUUID(), triggeredAt: at }));
    t.triggered += count;
    try {
      const refs = await runNoWait(inputs);
      t.ackLatency.push(nowMs() - at);
      for (const ref of refs) followed.push(follow(t, ref, at));
    } catch (error) {
      for (let k = 0; k < count; k++) recordError(t, error);
    }
  }
  const triggeredAllAt = nowMs();
  progress(`burst: ${size} triggered in ${Math.round(triggeredAllAt - start)} ms, draining`);
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
    size,
    batch,
    bulkTriggerSeconds: Math.round(triggeredAllAt - start) / 1000,
    drainedInTime: drained,
    unfinished: t.triggered - t.completed - t.errors,
  });
}

async function main(): Promise<void> {
  await barrier('start');
  progress(`latency: ${config.latencySamples} sequential runs`);
  const latency = await sequential(config.latencySamples);
  console.log(`RESULT ${JSON.stringify({ phase: 'latency', ...latency })}`);
  await barrier('latency-done');

  progress(`open loop warm-up: ${config.openRate}/s for ${config.warmupSeconds} s`);
  const warmup = await openLoop(config.openRate, config.warmupSeconds, 'warm-up');
  console.log(`RESULT ${JSON.stringify({ phase: 'warmup', ...warmup })}`);
  await barrier('warmup-done');

  progress(`open loop: ${config.openRate}/s for ${config.openSeconds} s`);
  const open = await openLoop(config.openRate, config.openSeconds, 'open loop');
  console.log(`RESULT ${JSON.stringify({ phase: 'open', ...open })}`);
  await barrier('open-done');

  progress(`burst: ${config.burstSize} in bulk batches of ${config.burstBatch}`);
  const bursted = await burst(config.burstSize, config.burstBatch);
  console.log(`RESULT ${JSON.stringify({ phase: 'burst', ...bursted })}`);
  await barrier('burst-done');
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
