/**
 * Workers' status changes and sparse heartbeats, written per tick; the last state of a worker
 * wins. Nobody awaits them: the in-memory registry is the truth while the process runs.
 */
import { workerStatesUpdate } from '../queries/worker.queries';
import type { System } from '../tick/system';
import type { TickContext } from '../tick/tick-context';

export interface WorkerStateWrite {
  tenantId: string;
  workerId: string;
  status: 'ACTIVE' | 'INACTIVE';
  lastHeartbeatAt: Date;
}

export class WorkerStateSystem implements System {
  private buffer = new Map<string, WorkerStateWrite>();
  private taken: WorkerStateWrite[] = [];

  constructor(private readonly wake: () => void) {}

  get pending(): number {
    return this.buffer.size;
  }

  record(state: WorkerStateWrite): void {
    this.buffer.set(state.workerId, state);
    this.wake();
  }

  take(): void {
    this.taken = [...this.buffer.values()];
    this.buffer = new Map();
  }

  async apply(tick: TickContext): Promise<void> {
    if (this.taken.length === 0) return;
    tick.write(workerStatesUpdate(this.taken));
    for (const state of this.taken) tick.changes.add(state.tenantId, 'workers', state.workerId);
  }

  settle(): void {
    this.taken = [];
  }

  fail(): void {
    this.taken = [];
  }
}
