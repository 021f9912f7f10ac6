import { describe, expect, it } from 'vitest';
import { SOLO, usePhaseFixture, type PhaseFixture } from '../../test/phase-fixture';

let fx: PhaseFixture;

usePhaseFixture([SOLO], async (created) => {
  fx = created;
  await created.connectWorker(['solo:solo']);
});

describe('run check phase', () => {
  it('answers null for a run going on, its result once final, NOT_FOUND for unknown runs and other tenants', async () => {
    const going = await fx.trigger('solo');
    const done = await fx.trigger('solo');
    await fx.runAttempt(done.tasks.get('solo')!, { kind: 'COMPLETED', output: { v: 1 } });
    const checks = [
      fx.systems.runCheck.request(fx.tenantId, going.runId),
      fx.systems.runCheck.request(fx.tenantId, done.runId),
      fx.systems.runCheck.request(fx.tenantId, '00000000-0000-4000-8000-000000000009'),
      fx.systems.runCheck.request('00000000-0000-4000-8000-000000000001', done.runId),
    ];
    await fx.apply(fx.systems.runCheck);
    const [goingOn, finished, unknown, otherTenant] = await Promise.allSettled(checks);
    expect(goingOn).toEqual({ status: 'fulfilled', value: null });
    expect(finished).toMatchObject({
      status: 'fulfilled',
      value: { runId: done.runId, status: 'COMPLETED', tasks: [{ output: { v: 1 } }] },
    });
    expect(unknown).toMatchObject({ status: 'rejected', reason: { code: 'NOT_FOUND' } });
    expect(otherTenant).toMatchObject({ status: 'rejected', reason: { code: 'NOT_FOUND' } });
  });
});
