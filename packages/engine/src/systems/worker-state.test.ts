import { describe, expect, it } from 'vitest';
import { usePhaseFixture, type PhaseFixture } from '../../test/phase-fixture';

let fx: PhaseFixture;

usePhaseFixture([], (created) => {
  fx = created;
});

describe('worker state phase', () => {
  it('writes the last state recorded for each worker', async () => {
    const worker = await fx.connectWorker(['a:a']);
    fx.systems.workerState.take();
    const state = { tenantId: fx.tenantId, workerId: worker.state.id };
    fx.systems.workerState.record({ ...state, status: 'INACTIVE', lastHeartbeatAt: new Date(1) });
    fx.systems.workerState.record({ ...state, status: 'ACTIVE', lastHeartbeatAt: new Date(2) });
    expect(fx.systems.workerState.pending).toBe(1);
    await fx.apply(fx.systems.workerState);
    expect(await fx.rows(`SELECT status, last_heartbeat_at FROM workers`)).toEqual([
      { status: 'ACTIVE', last_heartbeat_at: new Date(2) },
    ]);
  });
});
