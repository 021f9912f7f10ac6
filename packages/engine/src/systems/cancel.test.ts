import { describe, expect, it } from 'vitest';
import { SOLO, usePhaseFixture, type PhaseFixture } from '../../test/phase-fixture';

let fx: PhaseFixture;

usePhaseFixture([SOLO], (created) => {
  fx = created;
});

describe('cancel phase', () => {
  it('cancels queued and running tasks, tells the worker, and leaves finished ones alone', async () => {
    const queued = await fx.trigger('solo');
    await fx.connectWorker(['solo:solo'], 2);
    const running = await fx.trigger('solo');
    const finished = await fx.trigger('solo');
    await fx.runAttempt(finished.tasks.get('solo')!, { kind: 'COMPLETED' });
    const [runningRow] = await fx.rows<{ external_id: string }>(
      `SELECT external_id FROM tasks WHERE id = $1`,
      [running.tasks.get('solo')],
    );

    const cancelled = fx.systems.cancel.request(fx.tenantId, [
      queued.runId,
      runningRow!.external_id,
      finished.runId,
    ]);
    const tick = await fx.apply(fx.systems.cancel, fx.systems.runProgress);
    expect(await cancelled).toHaveLength(2);
    expect(tick.outcome.dequeued).toEqual([queued.tasks.get('solo')]);
    expect(tick.outcome.cancelOnWorker).toEqual([running.tasks.get('solo')]);
    const runs = await fx.rows<{ id: string; status: string }>(
      `SELECT id, status FROM workflow_runs ORDER BY created_at`,
    );
    expect(new Map(runs.map((r) => [r.id, r.status]))).toEqual(
      new Map([
        [queued.runId, 'CANCELLED'],
        [running.runId, 'CANCELLED'],
        [finished.runId, 'COMPLETED'],
      ]),
    );
    expect(await fx.rows(`SELECT * FROM task_queue`)).toEqual([]);
    expect(await fx.rows(`SELECT * FROM task_runtimes`)).toEqual([]);
    const events = await fx.rows(
      `SELECT event_type, message FROM task_events WHERE event_type = 'CANCELLED'`,
    );
    expect(events).toEqual([
      { event_type: 'CANCELLED', message: 'Cancelled by request' },
      { event_type: 'CANCELLED', message: 'Cancelled by request' },
    ]);
  });

  it('cancels nothing of another tenant', async () => {
    const { runId } = await fx.trigger('solo');
    const other = '00000000-0000-4000-8000-000000000001';
    const cancelled = fx.systems.cancel.request(other, [runId]);
    await fx.apply(fx.systems.cancel);
    expect(await cancelled).toEqual([]);
    expect(await fx.rows(`SELECT status FROM workflow_runs`)).toEqual([{ status: 'QUEUED' }]);
  });
});
