/**
 * Connected workers and their free slots per slot type, in memory. Slot usage is derived from
 * the running set (task_runtimes), so it is rebuilt exactly at start-up.
 */
import type { AssignedActionData } from './types';

/** Where the engine sends a worker its actions; the transport owns the real stream. */
export interface WorkerStream {
  send(action: AssignedActionData): void;
  close(): void;
}

export interface WorkerState {
  id: string;
  tenantId: string;
  name: string;
  actions: Set<string>;
  slotConfig: Record<string, number>;
  used: Map<string, number>;
  labels: Record<string, string | number>;
  status: 'ACTIVE' | 'INACTIVE';
  isPaused: boolean;
  lastHeartbeatAt: number;
  /** When last_heartbeat_at was last written; heartbeats are persisted sparsely. */
  persistedHeartbeatAt: number;
  stream: WorkerStream | undefined;
  /** Bumped on every assignment, so equally free workers take turns. */
  lastAssignedSeq: number;
  /**
   * Until when durable tasks are held back from this worker (epoch ms; 0: not held). While
   * its DurableTask stream reconnects, the SDK empties its send queue when the new stream
   * opens, after failing the acks it was waiting for: what a durable task given to it sent
   * meanwhile would be lost, and the task would wait for its ack forever. Set when the stream
   * ends (and for every worker read back at start, whose stream the restart ended); cleared
   * when the stream is back, or after worker-registry's grace if it never comes back (the
   * SDK then opens a fresh one for its next durable task, which is safe).
   */
  durableHeldUntil: number;
}

export function freeUnits(worker: WorkerState, slotType: string): number {
  return (worker.slotConfig[slotType] ?? 0) - (worker.used.get(slotType) ?? 0);
}

export function reserveUnits(worker: WorkerState, slotType: string, units: number): void {
  worker.used.set(slotType, (worker.used.get(slotType) ?? 0) + units);
}

export function releaseUnits(worker: WorkerState, slotType: string, units: number): void {
  worker.used.set(slotType, Math.max(0, (worker.used.get(slotType) ?? 0) - units));
}

/** May receive new work: active, not paused and with an open stream. */
export function isAssignable(worker: WorkerState): boolean {
  return worker.status === 'ACTIVE' && !worker.isPaused && worker.stream !== undefined;
}
