/**
 * The harness's side of the SDK workers' stdio (trellis-worker.ts): what they executed, and
 * waiting for the event runs of a generator phase to have run (the generator pushes events and
 * gets no run to follow, so only the workers see them start).
 */
import { nowMs } from '../lib/stats';
import type { Child } from '../lib/child';
import { sleep, withTimeout } from '../lib/child';

export interface EventPhaseStats {
  executed: number;
  duplicates: number;
  misrouted: number;
  /** The latest start of a run of the phase (host clock, ms); 0 when none ran. */
  lastStartedAt: number;
}

export interface WorkerStats {
  executed: number;
  duplicates: number;
  events: Record<string, EventPhaseStats>;
}

/** The generator's `DRAIN` request: wait until `expected` runs of `phase` have started. */
export interface DrainRequest {
  phase: string;
  expected: number;
  timeoutMs: number;
}

/** The harness's `DRAINED` answer: the phase's counts over all workers and every sample. */
export interface Drained extends EventPhaseStats {
  drainedInTime: boolean;
  pushToStartMs: number[];
}

export class WorkerChannel {
  private readonly pending: { prefix: string; resolve: (rest: string) => void }[] = [];

  constructor(readonly child: Child) {
    child.onLine((line) => {
      const index = this.pending.findIndex((p) => line.startsWith(p.prefix));
      if (index < 0) return;
      const [{ prefix, resolve }] = this.pending.splice(index, 1) as [(typeof this.pending)[0]];
      resolve(line.slice(prefix.length));
    });
  }

  /** Sends `command`; resolves with the rest of the answer, the next line starting `prefix`. */
  private request(command: string, prefix: string): Promise<string> {
    const answer = new Promise<string>((resolve) => this.pending.push({ prefix, resolve }));
    this.child.send(command);
    return withTimeout(answer, 10_000, `${this.child.name} answering ${command}`);
  }

  async stats(): Promise<WorkerStats> {
    return JSON.parse(await this.request('STATS', 'STATS ')) as WorkerStats;
  }

  async samples(phase: string): Promise<number[]> {
    return JSON.parse(await this.request(`SAMPLES ${phase}`, `SAMPLES ${phase} `)) as number[];
  }
}

/** Every worker's stats, summed. */
export async function workerTotals(workers: WorkerChannel[]): Promise<WorkerStats> {
  const all = await Promise.all(workers.map((w) => w.stats()));
  const total: WorkerStats = { executed: 0, duplicates: 0, events: {} };
  for (const stats of all) {
    total.executed += stats.executed;
    total.duplicates += stats.duplicates;
    for (const [phase, counts] of Object.entries(stats.events)) {
      const sum = (total.events[phase] ??= {
        executed: 0,
        duplicates: 0,
        misrouted: 0,
        lastStartedAt: 0,
      });
      sum.executed += counts.executed;
      sum.duplicates += counts.duplicates;
      sum.misrouted += counts.misrouted;
      sum.lastStartedAt = Math.max(sum.lastStartedAt, counts.lastStartedAt);
    }
  }
  return total;
}

/**
 * Polls the workers every 100 ms (a line on stdio each, no work for the server) until the
 * phase's runs have all started or the timeout passes, then collects its samples.
 */
export async function awaitEventDrain(
  workers: WorkerChannel[],
  request: DrainRequest,
  progress: (text: string) => void,
): Promise<Drained> {
  const deadline = nowMs() + request.timeoutMs;
  let nextProgress = nowMs() + 5000;
  const empty = { executed: 0, duplicates: 0, misrouted: 0, lastStartedAt: 0 };
  for (;;) {
    const counts = (await workerTotals(workers)).events[request.phase] ?? empty;
    const done = counts.executed - counts.duplicates >= request.expected;
    if (done || nowMs() > deadline) {
      const samples = await Promise.all(workers.map((w) => w.samples(request.phase)));
      return { ...counts, drainedInTime: done, pushToStartMs: samples.flat() };
    }
    if (nowMs() >= nextProgress) {
      progress(`${request.phase}: ${counts.executed}/${request.expected} runs started`);
      nextProgress += 5000;
    }
    await sleep(100);
  }
}
