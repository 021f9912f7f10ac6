import { describe, expect, it } from 'vitest';
import { usePhaseFixture, type PhaseFixture } from '../../test/phase-fixture';

let fx: PhaseFixture;

usePhaseFixture(
  [
    {
      name: 'slow',
      tasks: [{ readableId: 'slow', actionId: 'slow:slow', retries: 1, timeout: '5s' }],
    },
  ],
  async (created) => {
    fx = created;
    await created.connectWorker(['slow:slow']);
  },
);

describe('timeout phase', () => {
  it('ends the attempt at its deadline, tells the worker to stop, and retries the task', async () => {
    const { tasks } = await fx.trigger('slow');
    const taskId = tasks.get('slow')!;
    const deadline = new Date(fx.now + 5_000);
    fx.systems.timeout.request({ tenantId: fx.tenantId, taskId, retryCount: 0 }, deadline);
    fx.now += 5_020;
    const tick = await fx.apply(fx.systems.timeout, fx.systems.runProgress);
    expect(tick.outcome.cancelOnWorker).toEqual([taskId]);
    expect(tick.outcome.endedRuntimes).toEqual([taskId]);
    expect(
      await fx.rows(
        `SELECT event_type, message, created_at FROM task_events
          WHERE task_id = $1 AND retry_count = 0 AND event_type IN ('TIMED_OUT', 'FAILED', 'RETRYING')
          ORDER BY id`,
        [taskId],
      ),
    ).toEqual([
      {
        event_type: 'TIMED_OUT',
        message: 'Task exceeded its execution timeout of 5s',
        created_at: deadline,
      },
      {
        event_type: 'FAILED',
        message: 'Task exceeded its execution timeout of 5s',
        created_at: deadline,
      },
      { event_type: 'RETRYING', message: 'Retry 1 of 1', created_at: deadline },
    ]);
    expect(await fx.rows(`SELECT retry_count FROM task_queue`)).toEqual([{ retry_count: 1 }]);
  });

  it('does nothing for an attempt that already ended', async () => {
    const { tasks } = await fx.trigger('slow');
    const taskId = tasks.get('slow')!;
    await fx.runAttempt(taskId, { kind: 'COMPLETED' });
    fx.systems.timeout.request({ tenantId: fx.tenantId, taskId, retryCount: 0 }, new Date());
    const tick = await fx.apply(fx.systems.timeout);
    expect(tick.outcome.cancelOnWorker).toEqual([]);
    expect(await fx.rows(`SELECT status FROM tasks`)).toEqual([{ status: 'COMPLETED' }]);
  });
});
