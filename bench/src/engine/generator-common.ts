/**
 * What the load generator's phases share, whether they trigger the no-op task or push events:
 * the stdio protocol with the harness, the tracker of what was sent and what completed, and the
 * two ways of sending (an open loop paced at a rate; batches as fast as acks come).
 *
 * Protocol: the generator prints `BARRIER <name>` and waits for `GO` on stdin (the harness
 * samples CPU and counters on an idle system meanwhile); `DRAIN <json>` and waits for
 * `DRAINED <json>` (the harness waits until the SDK workers have run what was pushed);
 * `PROGRESS <text>`; `RESULT <json>` once per phase.
 */
import { createInterface } from 'node:readline';
import { nowMs, summarize } from '../lib/stats';

// --- stdio protocol ---------------------------------------------------------------------------

const answers = new Map<string, ((rest: string) => void)[]>();
createInterface({ input: process.stdin }).on('line', (line) => {
  const space = line.indexOf(' ');
  const word = (space < 0 ? line : line.slice(0, space)).trim();
  answers.get(word)?.shift()?.(space < 0 ? '' : line.slice(space + 1));
});
process.stdin.on('end', () => process.exit(2));

/** Prints `line` and resolves with the rest of the harness's answer, the next line `<word> ...`. */
export function ask(line: string, word: string): Promise<string> {
  const answer = new Promise<string>((resolve) => {
    const waiting = answers.get(word) ?? [];
    waiting.push(resolve);
    answers.set(word, waiting);
  });
  console.log(line);
  return answer;
}

export async function barrier(name: string): Promise<void> {
  await ask(`BARRIER ${name}`, 'GO');
}

export const progress = (text: string) => console.log(`PROGRESS ${text}`);
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function printResult(phase: string, result: Record<string, unknown>): void {
  console.log(`RESULT ${JSON.stringify({ phase, ...result })}`);
}

/** Waits for all promises, at most `ms`; returns whether they all settled in time. */
export async function settleWithin(promises: Promise<unknown>[], ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const done = Promise.allSettled(promises).then(() => true as const);
  const result = await Promise.race([done, timedOut]);
  clearTimeout(timer);
  return result;
}

// --- what a phase sent and what completed ----------------------------------------------------------

export interface Tracker {
  triggered: number;
  completed: number;
  errors: number;
  errorSamples: string[];
  startLatency: number[];
  ackLatency: number[];
  firstTrigger: number;
  lastCompletion: number;
}

export function newTracker(): Tracker {
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

export function recordError(t: Tracker, error: unknown, count = 1): void {
  t.errors += count;
  if (t.errorSamples.length < 5) {
    t.errorSamples.push(error instanceof Error ? error.message : JSON.stringify(error));
  }
}

export function summary(t: Tracker, extra: Record<string, unknown> = {}) {
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

// --- sending ------------------------------------------------------------------------------------

/**
 * Open loop: calls `send(at)` `rate` times a second for `seconds`, on schedule whatever the
 * calls do (they are not awaited); `at` is the time stamped just before the call. A call's
 * resolution is its ack. Returns the calls' promises (settled calls never reject) and the
 * pacing figures for the phase's result.
 */
export async function paced(
  t: Tracker,
  rate: number,
  seconds: number,
  label: string,
  send: (at: number) => Promise<unknown>,
) {
  const total = Math.round(rate * seconds);
  const calls: Promise<void>[] = [];
  const lag: number[] = [];
  const start = nowMs();
  t.firstTrigger = start;
  let sent = 0;
  let nextProgress = start + 5000;
  while (sent < total) {
    const now = nowMs();
    const due = Math.min(total, Math.floor(((now - start) * rate) / 1000) + 1);
    while (sent < due) {
      const at = nowMs();
      lag.push(at - (start + (sent * 1000) / rate));
      sent += 1;
      t.triggered += 1;
      calls.push(
        send(at).then(
          () => void t.ackLatency.push(nowMs() - at),
          (error: unknown) => recordError(t, error),
        ),
      );
    }
    if (now >= nextProgress) {
      const completed = t.completed > 0 ? `, ${t.completed} completed` : '';
      progress(`${label} ${sent}/${total} sent, ${t.ackLatency.length} acknowledged${completed}`);
      nextProgress += 5000;
    }
    const next = start + (sent * 1000) / rate;
    await sleep(Math.max(0, next - nowMs()));
  }
  const lastTrigger = nowMs();
  return {
    calls,
    pacing: {
      offeredRate: rate,
      seconds,
      actualTriggerRate: Math.round((total / ((lastTrigger - start) / 1000)) * 10) / 10,
      triggerLagMs: summarize(lag),
    },
  };
}

/**
 * Bulk: `size` items sent `batch` at a time, each call awaited before the next; `at` is the
 * time stamped before the call, shared by its whole batch. Returns when the last call was
 * acknowledged, with the figures for the phase's result.
 */
export async function inBatches(
  t: Tracker,
  size: number,
  batch: number,
  send: (count: number, at: number) => Promise<void>,
) {
  const start = nowMs();
  t.firstTrigger = start;
  for (let i = 0; i < size; i += batch) {
    const count = Math.min(batch, size - i);
    const at = nowMs();
    t.triggered += count;
    try {
      await send(count, at);
      t.ackLatency.push(nowMs() - at);
    } catch (error) {
      recordError(t, error, count);
    }
  }
  const seconds = Math.round(nowMs() - start) / 1000;
  return { size, batch, bulkTriggerSeconds: seconds };
}
