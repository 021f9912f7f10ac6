/**
 * The workers of every tenant this engine schedules, in memory: registration, the stream each
 * listens on, heartbeats and status. Heartbeats live here and reach the table sparsely (the
 * dashboard's "last seen"); a status change is written at the next tick.
 */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '@trellis/db';
import { EngineError } from './errors';
import {
  findWorker,
  insertWorker,
  listActiveWorkers,
  setWorkerPaused,
  updateWorkerLabels,
  type WorkerRow,
} from './queries/worker.queries';
import type { WorkerStateWrite } from './systems/worker-state';
import type { TenantScope } from './tenant-scope';
import type { Clock, WorkerRegistration } from './types';
import { isUuid } from './validation';
import { reserveUnits, type WorkerState, type WorkerStream } from './worker-pool';

/** Heartbeats are kept in memory and written at most this often (the dashboard's "last seen"). */
const HEARTBEAT_PERSIST_INTERVAL_MS = 30_000;

/**
 * How long durable tasks are held back from a worker whose DurableTask stream ended
 * (worker-pool.ts, durableHeldUntil): the SDK reconnects it every 3 s, so this covers a few
 * tries and a slow restart, and no more.
 */
const DURABLE_STREAM_GRACE_MS = 15_000;

export interface WorkerRegistryDeps {
  db: Queryable;
  clock: Clock;
  /** The slots a worker's running attempts hold (a worker known again after a restart). */
  slotsHeldBy(workerId: string): Iterable<{ slotType: string; slotUnits: number }>;
  /** Buffers a worker's status and heartbeat for the next tick. */
  recordState(state: WorkerStateWrite): void;
  /** Something changed that may let queued work be assigned. */
  wake(): void;
  /** A heartbeat moved a deadline. */
  armDeadlines(): void;
}

export class WorkerRegistry {
  private readonly workers = new Map<string, WorkerState>();
  /**
   * When the workers were read back (Engine.start): the heartbeat clock of a worker that has
   * not reconnected since starts there.
   */
  private recoveredAt = 0;

  constructor(private readonly deps: WorkerRegistryDeps) {}

  get size(): number {
    return this.workers.size;
  }

  values(): IterableIterator<WorkerState> {
    return this.workers.values();
  }

  get(workerId: string): WorkerState | undefined {
    return this.workers.get(workerId);
  }

  /** When the worker was last seen alive, as far as this process knows. */
  lastSeen(workerId: string): number {
    return this.workers.get(workerId)?.lastHeartbeatAt ?? this.recoveredAt;
  }

  /** Reads back the workers that were active; they may reconnect with their ids. */
  async recover(now: number, scope: TenantScope): Promise<void> {
    this.recoveredAt = now;
    for (const row of await listActiveWorkers(this.deps.db, scope)) {
      this.add(row, now).durableHeldUntil = now + DURABLE_STREAM_GRACE_MS;
    }
  }

  async register(tenantId: string, registration: WorkerRegistration): Promise<string> {
    const id = randomUUID();
    const row = {
      id,
      tenantId,
      name: registration.name,
      actions: registration.actions.map((a) => a.toLowerCase()),
      slotConfig: Object.fromEntries(
        Object.entries(registration.slotConfig).filter(([, units]) => units > 0),
      ),
      labels: registration.labels ?? {},
      runtimeInfo: registration.runtimeInfo ?? null,
    };
    await insertWorker(this.deps.db, row);
    const now = this.deps.clock.now();
    this.add({ ...row, status: 'ACTIVE', isPaused: false, lastHeartbeatAt: new Date(now) }, now);
    return id;
  }

  /**
   * Attaches the stream the worker listens on (a reconnect replaces the old one). Returns the
   * function that detaches it when the transport sees the stream end.
   */
  async attachStream(
    tenantId: string,
    workerId: string,
    stream: WorkerStream,
  ): Promise<() => void> {
    const worker = await this.load(tenantId, workerId);
    const previous = worker.stream;
    worker.stream = stream;
    if (previous && previous !== stream) previous.close();
    this.touch(worker);
    this.deps.wake();
    return () => {
      if (worker.stream === stream) worker.stream = undefined;
    };
  }

  async heartbeat(tenantId: string, workerId: string): Promise<void> {
    this.touch(await this.load(tenantId, workerId));
  }

  /** The worker is shutting down: no new work; its running tasks may still report. */
  async unsubscribe(tenantId: string, workerId: string): Promise<void> {
    const worker = await this.load(tenantId, workerId);
    worker.status = 'INACTIVE';
    worker.stream?.close();
    worker.stream = undefined;
    this.persist(worker);
  }

  async upsertLabels(
    tenantId: string,
    workerId: string,
    labels: Record<string, string | number>,
  ): Promise<void> {
    const worker = await this.load(tenantId, workerId);
    worker.labels = { ...worker.labels, ...labels };
    await updateWorkerLabels(this.deps.db, tenantId, workerId, worker.labels);
  }

  /** A paused worker keeps its running tasks but gets no new work. */
  async setPaused(tenantId: string, workerId: string, isPaused: boolean): Promise<void> {
    const worker = await this.load(tenantId, workerId);
    await setWorkerPaused(this.deps.db, tenantId, workerId, isPaused);
    worker.isPaused = isPaused;
    this.deps.wake();
  }

  /** Two missed heartbeat windows: the worker gets no new work until it beats again. */
  markInactive(worker: WorkerState): void {
    worker.status = 'INACTIVE';
    this.persist(worker);
  }

  /** The worker's DurableTask stream is open: durable tasks may go to it again. */
  durableStreamOpened(workerId: string): void {
    const worker = this.workers.get(workerId);
    if (!worker || worker.durableHeldUntil === 0) return;
    worker.durableHeldUntil = 0;
    this.deps.wake();
  }

  /** The worker's DurableTask stream ended: no durable tasks for it until it is back. */
  durableStreamClosed(workerId: string): void {
    const worker = this.workers.get(workerId);
    if (!worker) return;
    worker.durableHeldUntil = this.deps.clock.now() + DURABLE_STREAM_GRACE_MS;
    this.deps.armDeadlines();
  }

  /** Ends the holds whose grace has passed; says whether any did (deadlines.ts). */
  releaseDurableHolds(now: number): boolean {
    let released = false;
    for (const worker of this.workers.values()) {
      if (worker.durableHeldUntil > 0 && now >= worker.durableHeldUntil) {
        worker.durableHeldUntil = 0;
        released = true;
      }
    }
    return released;
  }

  /** Closes every worker's stream (the engine is shutting down). */
  closeStreams(): void {
    for (const worker of this.workers.values()) worker.stream?.close();
  }

  private async load(tenantId: string, workerId: string): Promise<WorkerState> {
    const known = this.workers.get(workerId);
    if (known && known.tenantId === tenantId) return known;
    if (!known && isUuid(workerId)) {
      const row = await findWorker(this.deps.db, tenantId, workerId);
      if (row) return this.add(row, this.deps.clock.now());
    }
    throw new EngineError('NOT_FOUND', `worker ${workerId} is not registered`);
  }

  private add(row: WorkerRow, now: number): WorkerState {
    const worker: WorkerState = {
      id: row.id,
      tenantId: row.tenantId,
      name: row.name,
      actions: new Set(row.actions),
      slotConfig: row.slotConfig,
      used: new Map(),
      labels: row.labels,
      status: row.status,
      isPaused: row.isPaused,
      lastHeartbeatAt: now,
      persistedHeartbeatAt: row.lastHeartbeatAt.getTime(),
      stream: undefined,
      lastAssignedSeq: 0,
      durableHeldUntil: 0,
    };
    for (const held of this.deps.slotsHeldBy(row.id)) {
      reserveUnits(worker, held.slotType, held.slotUnits);
    }
    this.workers.set(row.id, worker);
    return worker;
  }

  /** A sign of life: a heartbeat or a new stream. */
  private touch(worker: WorkerState): void {
    const now = this.deps.clock.now();
    worker.lastHeartbeatAt = now;
    if (worker.status !== 'ACTIVE') {
      worker.status = 'ACTIVE';
      this.persist(worker);
      this.deps.wake();
    } else if (now - worker.persistedHeartbeatAt >= HEARTBEAT_PERSIST_INTERVAL_MS) {
      this.persist(worker);
    }
    this.deps.armDeadlines();
  }

  private persist(worker: WorkerState): void {
    worker.persistedHeartbeatAt = worker.lastHeartbeatAt;
    this.deps.recordState({
      tenantId: worker.tenantId,
      workerId: worker.id,
      status: worker.status,
      lastHeartbeatAt: new Date(worker.lastHeartbeatAt),
    });
  }
}
