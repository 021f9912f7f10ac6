/**
 * What one tick of the engine writes: everything buffered since the last tick, applied in one
 * transaction (apply-batch.ts), then acknowledged. Operations that callers await carry a
 * deferred that is settled only after COMMIT.
 */
import type { CachedVersion } from './version-cache';
import type { PushedEvent, RunResult } from './types';

export class Deferred<T> {
  readonly promise: Promise<T>;
  resolve!: (value: T) => void;
  reject!: (error: unknown) => void;
  constructor() {
    this.promise = new Promise<T>((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
  }
}

export interface ResolvedTrigger {
  tenantId: string;
  version: CachedVersion;
  input: unknown;
  additionalMetadata: Record<string, unknown>;
  priority: number;
  parentTaskExternalId: string | null;
  parentRunId: string | null;
  childIndex: number | null;
  childKey: string | null;
}

export interface TriggerOp {
  triggers: ResolvedTrigger[];
  done: Deferred<string[]>;
  /** The run ids, in request order; set inside the transaction. */
  result?: string[];
}

export interface AttemptRef {
  tenantId: string;
  taskId: string;
  retryCount: number;
}

export interface StartOp extends AttemptRef {
  startedAt: Date;
  done: Deferred<void>;
}

export interface ResultOp extends AttemptRef {
  kind: 'COMPLETED' | 'FAILED';
  output: unknown;
  error: string;
  errorData: unknown;
  retryable: boolean;
  done: Deferred<void>;
}

export interface ReassignOp extends AttemptRef {
  reason: string;
}

export interface ScheduleTimeoutOp extends AttemptRef {
  runId: string;
}

export interface IdsOp {
  tenantId: string;
  ids: string[];
  done: Deferred<string[]>;
  /** The task ids acted on; set inside the transaction. */
  result?: string[];
}

export interface LogOp extends AttemptRef {
  createdAt: Date;
  level: string | null;
  message: string;
  metadata: unknown;
  done: Deferred<void>;
}

export interface StreamOp extends AttemptRef {
  runId: string;
  taskExternalId: string;
  createdAt: Date;
  message: Uint8Array;
  eventIndex: number | null;
  metadata: unknown;
  done: Deferred<void>;
}

export interface EventOp {
  tenantId: string;
  events: (PushedEvent & { id: string })[];
  done: Deferred<void>;
}

/**
 * A subscriber to a run's result asks whether the run exists and has already finished. Checked
 * in the tick rather than one query per subscription: the SDK subscribes to every run it
 * triggers, so this was one statement per task.
 */
export interface RunCheckOp {
  tenantId: string;
  runId: string;
  /** The run's result when it has finished, null while it has not; NOT_FOUND when unknown. */
  done: Deferred<RunResult | null>;
  /** Set inside the transaction; left undefined when the run does not exist. */
  result?: RunResult | null;
}

export interface WorkerStateWrite {
  tenantId: string;
  workerId: string;
  status: 'ACTIVE' | 'INACTIVE';
  lastHeartbeatAt: Date;
}

export class Batch {
  triggers: TriggerOp[] = [];
  starts: StartOp[] = [];
  results: ResultOp[] = [];
  timeouts: AttemptRef[] = [];
  reassigns: ReassignOp[] = [];
  scheduleTimeouts: ScheduleTimeoutOp[] = [];
  cancels: IdsOp[] = [];
  replays: IdsOp[] = [];
  logs: LogOp[] = [];
  streams: StreamOp[] = [];
  events: EventOp[] = [];
  runChecks: RunCheckOp[] = [];
  workerStates = new Map<string, WorkerStateWrite>();

  /** Operations buffered (a bulk trigger counts once). */
  get size(): number {
    return (
      this.triggers.length +
      this.starts.length +
      this.results.length +
      this.timeouts.length +
      this.reassigns.length +
      this.scheduleTimeouts.length +
      this.cancels.length +
      this.replays.length +
      this.logs.length +
      this.streams.length +
      this.events.length +
      this.runChecks.length +
      this.workerStates.size
    );
  }

  get isEmpty(): boolean {
    return this.size === 0;
  }

  private deferreds(): { reject(error: unknown): void }[] {
    return [
      ...this.triggers,
      ...this.starts,
      ...this.results,
      ...this.cancels,
      ...this.replays,
      ...this.logs,
      ...this.streams,
      ...this.events,
      ...this.runChecks,
    ].map((op) => op.done);
  }

  rejectAll(error: unknown): void {
    for (const done of this.deferreds()) done.reject(error);
  }
}
