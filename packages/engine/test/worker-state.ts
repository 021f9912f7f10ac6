/**
 * A worker as the scheduler holds it, for tests of pure assignment (no engine, no database):
 * active, connected, serving `wf:a` with `slots` default slots.
 */
import type { WorkerState } from '../src/worker-pool';

export function workerState(id: string, slots: number): WorkerState {
  return {
    id,
    tenantId: 't',
    name: id,
    actions: new Set(['wf:a']),
    slotConfig: { default: slots },
    used: new Map(),
    labels: {},
    status: 'ACTIVE',
    isPaused: false,
    lastHeartbeatAt: 0,
    persistedHeartbeatAt: 0,
    stream: { send: () => {}, close: () => {} },
    lastAssignedSeq: 0,
    durableHeldUntil: 0,
  };
}
