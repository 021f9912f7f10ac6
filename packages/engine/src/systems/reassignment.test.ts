import { describe, expect, it } from 'vitest';
import { SOLO, usePhaseFixture, type PhaseFixture } from '../../test/phase-fixture';
import { MAX_INTERNAL_RETRIES } from './reassignment';

let fx: PhaseFixture;

usePhaseFixture([SOLO], (created) => {
  fx = created;
});

describe('reassignment phase', () => {
  it('queues a new attempt without spending a retry', async () => {
    const worker = await fx.connectWorker(['solo:solo']);
    const { tasks } = await fx.trigger('solo');
    const taskId = tasks.get('solo')!;
    fx.systems.reassignment.request(
      { tenantId: fx.tenantId, taskId, retryCount: 0 },
      'the worker stopped sending heartbeats',
    );
    const tick = await fx.apply(fx.systems.reassignment);
    expect(tick.outcome.endedRuntimes).toEqual([taskId]);
    expect(tick.outcome.enqueued).toMatchObject([{ taskId, retryCount: 1 }]);
    expect(
      await fx.rows(`SELECT status, retry_count, app_retry_count FROM tasks WHERE id = $1`, [
        taskId,
      ]),
    ).toEqual([{ status: 'QUEUED', retry_count: 1, app_retry_count: 0 }]);
    expect(
      await fx.rows(
        `SELECT worker_id, message FROM task_events WHERE event_type = 'REASSIGNED' AND task_id = $1`,
        [taskId],
      ),
    ).toEqual([{ worker_id: worker.state.id, message: 'the worker stopped sending heartbeats' }]);
  });

  it(`fails the task after ${MAX_INTERNAL_RETRIES} reassignments`, async () => {
    const worker = await fx.connectWorker(['solo:solo']);
    const { runId, tasks } = await fx.trigger('solo');
    const taskId = tasks.get('solo')!;
    for (let retryCount = 0; retryCount <= MAX_INTERNAL_RETRIES; retryCount++) {
      if (retryCount > 0) await fx.assignQueued(worker);
      fx.systems.reassignment.request(
        { tenantId: fx.tenantId, taskId, retryCount },
        'the worker never started the task',
      );
      await fx.apply(fx.systems.reassignment, fx.systems.runProgress);
    }
    expect(await fx.rows(`SELECT status, error FROM tasks WHERE id = $1`, [taskId])).toEqual([
      {
        status: 'FAILED',
        error: `Task was reassigned ${MAX_INTERNAL_RETRIES} times (last: the worker never started the task)`,
      },
    ]);
    expect(await fx.rows(`SELECT status FROM workflow_runs WHERE id = $1`, [runId])).toEqual([
      { status: 'FAILED' },
    ]);
    expect(await fx.rows(`SELECT * FROM task_queue`)).toEqual([]);
  });
});
