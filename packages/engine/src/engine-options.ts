import type { Database, Queryable } from '@trellis/db';
import type { TickObservation } from './activity';
import type { RunStatus } from './task-lifecycle';
import type { TenantScope } from './tenant-scope';
import type { Clock } from './types';

export interface EngineOptions {
  db: Database;
  clock?: Clock;
  /**
   * The tenants this engine schedules (tenant-scope.ts): every tenant (the default, one
   * process) or one shard of them. It recovers and scans only those; the caller sends it
   * nothing of the other tenants.
   */
  scope?: TenantScope;
  /** A worker without a heartbeat for this long gets no new work (SDK beats every 4 s). */
  workerInactiveAfterMs?: number;
  /** A worker without a heartbeat for this long loses its running tasks to other workers. */
  reassignAfterMs?: number;
  /** An assignment never STARTED within this long is re-queued (covers a crash before send). */
  startGraceMs?: number;
  /** How long an idle engine gathers work before its first tick. */
  batchWindowMs?: number;
  /**
   * Under load, the least time between the starts of two ticks: work arriving meanwhile waits
   * and shares the next transaction. Bounds the transactions per second, not the latency of an
   * idle engine. The default trades latency for cost: at 300 tasks/s on PGlite, 30 ms instead
   * of 20 took about a tenth less CPU per task for a p99 trigger→start of 43–51 ms instead of
   * 37 (bench/results/2026-11-22-1446-engine-notes.md).
   */
  minTickIntervalMs?: number;
  /** Most items written per statement batch (triggers, assignments). */
  maxBatchSize?: number;
  /** Largest JSON input, output or metadata accepted, in bytes. */
  maxPayloadBytes?: number;
  /**
   * Where background failures go (a failed tick is retried), with the tenant and run they
   * concern when there is one.
   */
  onError?: (message: string, error: unknown, context?: ErrorContext) => void;
  /**
   * Told after every tick that carried work, with how long it took (the server's scheduler
   * tick time metric). Called on the tick loop: it must be quick and must not throw.
   */
  onTick?: (tick: TickObservation) => void;
  /**
   * Told after every committed tick of the runs it finished (the server's traces). Called on
   * the tick loop: it must be quick and must not throw.
   */
  onRunsFinished?: (runs: readonly FinishedRun[]) => void;
  /**
   * Run first inside every tick's transaction; throwing rolls the tick back. The server passes
   * the lease of the engine's tenant shard (shard-leases.ts), so that a process that lost the
   * shard cannot commit a tick.
   */
  fence?: (tx: Queryable) => Promise<void>;
}

/** What a background failure concerns, for its log line. */
export interface ErrorContext {
  tenantId?: string;
  runId?: string;
}

/** A run that reached its final status in a committed tick. */
export interface FinishedRun {
  tenantId: string;
  runId: string;
  status: RunStatus;
  finishedAt: Date;
}

export const ENGINE_DEFAULTS = {
  workerInactiveAfterMs: 10_000,
  reassignAfterMs: 30_000,
  startGraceMs: 30_000,
  batchWindowMs: 2,
  minTickIntervalMs: 30,
  maxBatchSize: 500,
  maxPayloadBytes: 4 * 1024 * 1024,
} as const;

/** The options with their defaults applied. */
export type EngineSettings = Required<
  Omit<EngineOptions, 'db' | 'clock' | 'scope' | 'onError' | 'onTick' | 'onRunsFinished' | 'fence'>
>;

export function engineSettings(options: EngineOptions): EngineSettings {
  return {
    workerInactiveAfterMs: options.workerInactiveAfterMs ?? ENGINE_DEFAULTS.workerInactiveAfterMs,
    reassignAfterMs: options.reassignAfterMs ?? ENGINE_DEFAULTS.reassignAfterMs,
    startGraceMs: options.startGraceMs ?? ENGINE_DEFAULTS.startGraceMs,
    batchWindowMs: options.batchWindowMs ?? ENGINE_DEFAULTS.batchWindowMs,
    minTickIntervalMs: options.minTickIntervalMs ?? ENGINE_DEFAULTS.minTickIntervalMs,
    maxBatchSize: options.maxBatchSize ?? ENGINE_DEFAULTS.maxBatchSize,
    maxPayloadBytes: options.maxPayloadBytes ?? ENGINE_DEFAULTS.maxPayloadBytes,
  };
}
