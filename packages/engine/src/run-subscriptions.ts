/**
 * Who waits on a run: result subscribers (the SDK subscribes to every run it triggers) get the
 * run's result once, when it is final; stream subscribers get its stream events, stored then
 * live, and the end. Deliveries follow the tick that committed them (tick.ts).
 */
import type { Queryable } from '@trellis/db';
import { EngineError } from './errors';
import { findRun } from './queries/run.queries';
import { listRunStreamEvents } from './queries/task-stream-event.queries';
import type { RunningAttempts } from './running-attempts';
import type { RunCheckSystem } from './systems/run-check';
import type { RunStatus } from './task-lifecycle';
import type { RunResult, RunStreamListener, StreamEvent } from './types';
import { assertUuid } from './validation';

interface ResultSubscriber {
  tenantId: string;
  deliver(result: RunResult): void;
}

interface StreamSubscriber {
  tenantId: string;
  listener: RunStreamListener;
  /** Live events that arrived while stored ones were being read. */
  buffer: { id: string; event: StreamEvent }[] | undefined;
  lastId: bigint;
  /** The run finished while stored events were being read. */
  finishedWhileBuffering: RunStatus | undefined;
}

export class RunSubscriptions {
  private readonly results = new Map<string, Set<ResultSubscriber>>();
  private readonly streams = new Map<string, Set<StreamSubscriber>>();

  constructor(
    private readonly db: Queryable,
    private readonly running: RunningAttempts,
    private readonly runChecks: RunCheckSystem,
  ) {}

  /**
   * Calls `onResult` once, when the run is final: at once if it already is. Returns the
   * unsubscribe function.
   */
  async subscribeToRun(
    tenantId: string,
    runId: string,
    onResult: (result: RunResult) => void,
  ): Promise<() => void> {
    assertUuid(runId, 'run id');
    let delivered = false;
    const subscriber: ResultSubscriber = {
      tenantId,
      deliver: (result) => {
        if (delivered) return;
        delivered = true;
        unsubscribe();
        onResult(result);
      },
    };
    const unsubscribe = add(this.results, runId, subscriber);
    // A run with a task running is not final, and its end reaches this subscriber when it
    // comes (runFinished): only other runs need their state read.
    if (this.running.hasRunning(tenantId, runId)) return unsubscribe;
    let finished: RunResult | null;
    try {
      finished = await this.runChecks.request(tenantId, runId);
    } catch (error) {
      unsubscribe();
      throw error;
    }
    if (finished) subscriber.deliver(finished);
    return unsubscribe;
  }

  /**
   * Streams a run's stream events: those stored so far, then live ones, then onFinished when
   * the run is final. Returns the unsubscribe function.
   */
  async subscribeToRunStream(
    tenantId: string,
    runId: string,
    listener: RunStreamListener,
  ): Promise<() => void> {
    assertUuid(runId, 'run id');
    const subscriber: StreamSubscriber = {
      tenantId,
      listener,
      buffer: [],
      lastId: 0n,
      finishedWhileBuffering: undefined,
    };
    const unsubscribe = add(this.streams, runId, subscriber);
    const run = await findRun(this.db, tenantId, runId);
    if (!run) {
      unsubscribe();
      throw new EngineError('NOT_FOUND', `run ${runId} does not exist`);
    }
    for (const stored of await listRunStreamEvents(this.db, tenantId, runId)) {
      subscriber.lastId = BigInt(stored.id);
      listener.onStreamEvent(stored);
    }
    const buffered = subscriber.buffer ?? [];
    subscriber.buffer = undefined;
    for (const { id, event } of buffered) {
      if (BigInt(id) > subscriber.lastId) listener.onStreamEvent(event);
    }
    const finished = subscriber.finishedWhileBuffering ?? (run.finishedAt ? run.status : undefined);
    if (finished && this.streams.get(runId)?.has(subscriber)) {
      unsubscribe();
      listener.onFinished(finished);
    }
    return unsubscribe;
  }

  /** A run reached a final state (after COMMIT). */
  runFinished(result: RunResult & { tenantId: string }): void {
    for (const sub of [...(this.results.get(result.runId) ?? [])]) {
      if (sub.tenantId === result.tenantId) sub.deliver(result);
    }
    for (const sub of [...(this.streams.get(result.runId) ?? [])]) {
      if (sub.tenantId !== result.tenantId) continue;
      if (sub.buffer) {
        sub.finishedWhileBuffering = result.status;
        continue;
      }
      this.streams.get(result.runId)?.delete(sub);
      sub.listener.onFinished(result.status);
    }
  }

  /** A stream event was stored (after COMMIT). */
  streamEvent(tenantId: string, runId: string, id: string, event: StreamEvent): void {
    for (const sub of this.streams.get(runId) ?? []) {
      if (sub.tenantId !== tenantId) continue;
      if (sub.buffer) sub.buffer.push({ id, event });
      else sub.listener.onStreamEvent(event);
    }
  }

  /** The engine is closing: subscribers' streams end with the transport; their runs did not finish. */
  clear(): void {
    this.streams.clear();
    this.results.clear();
  }
}

/** Adds a subscriber to a run's set; returns the function that removes it. */
function add<S>(subscribers: Map<string, Set<S>>, runId: string, subscriber: S): () => void {
  const subs = subscribers.get(runId) ?? new Set();
  subs.add(subscriber);
  subscribers.set(runId, subs);
  return () => {
    subs.delete(subscriber);
    if (subs.size === 0 && subscribers.get(runId) === subs) subscribers.delete(runId);
  };
}
