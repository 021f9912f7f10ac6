import { describe, expect, it } from 'vitest';
import { SOLO, usePhaseFixture, type PhaseFixture } from '../../test/phase-fixture';

let fx: PhaseFixture;

usePhaseFixture([SOLO], (created) => {
  fx = created;
});

describe('schedule timeout phase', () => {
  it('fails a task still queued, and its run', async () => {
    const { runId, tasks } = await fx.trigger('solo');
    const taskId = tasks.get('solo')!;
    fx.systems.scheduleTimeout.request({ tenantId: fx.tenantId, taskId, retryCount: 0, runId });
    const tick = await fx.apply(fx.systems.scheduleTimeout, fx.systems.runProgress);
    expect(tick.outcome.dequeued).toEqual([taskId]);
    expect(tick.outcome.finishedRuns).toMatchObject([{ runId, status: 'FAILED' }]);
    expect(await fx.rows(`SELECT status, error FROM tasks`)).toEqual([
      {
        status: 'FAILED',
        error: 'Task was not assigned to a worker before its schedule timeout',
      },
    ]);
    expect(
      await fx.rows(`SELECT event_type FROM task_events WHERE task_id = $1 ORDER BY id`, [taskId]),
    ).toEqual([{ event_type: 'QUEUED' }, { event_type: 'SCHEDULING_TIMED_OUT' }]);
  });

  it('leaves a task that was assigned meanwhile alone', async () => {
    const worker = await fx.connectWorker(['solo:solo']);
    const { runId, tasks } = await fx.trigger('solo');
    expect(worker.state.used.get('default')).toBe(1);
    const taskId = tasks.get('solo')!;
    fx.systems.scheduleTimeout.request({ tenantId: fx.tenantId, taskId, retryCount: 0, runId });
    const tick = await fx.apply(fx.systems.scheduleTimeout, fx.systems.runProgress);
    expect(tick.outcome.dequeued).toEqual([]);
    expect(await fx.rows(`SELECT status FROM tasks`)).toEqual([{ status: 'QUEUED' }]);
  });
});
