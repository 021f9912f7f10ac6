import { describe, expect, it } from 'vitest';
import {
  usePhaseFixture,
  type PhaseFixture,
  type TestStreamWorker,
} from '../../test/phase-fixture';

let fx: PhaseFixture;
let worker: TestStreamWorker;

usePhaseFixture(
  [
    {
      name: 'dag',
      tasks: [
        { readableId: 'a', actionId: 'dag:a' },
        { readableId: 'b', actionId: 'dag:b', parents: ['a'] },
      ],
    },
  ],
  async (created) => {
    fx = created;
    worker = await created.connectWorker(['dag:a', 'dag:b']);
  },
);

describe('replay phase', () => {
  it('replays a task and what follows it: a new attempt queued, its downstream waiting', async () => {
    const { runId, tasks } = await fx.trigger('dag');
    await fx.runAttempt(tasks.get('a')!, { kind: 'COMPLETED' });
    await fx.assignQueued(worker);
    await fx.runAttempt(tasks.get('b')!, { kind: 'FAILED', error: 'no' });
    const [aRow] = await fx.rows<{ external_id: string }>(
      `SELECT external_id FROM tasks WHERE id = $1`,
      [tasks.get('a')],
    );

    const a = aRow!.external_id;
    const replayed = fx.systems.replay.request(fx.tenantId, [a]);
    const tick = await fx.apply(fx.systems.replay);
    expect(await replayed).toEqual([a]);
    expect(
      await fx.rows(
        `SELECT readable_id, status, retry_count, output, error FROM tasks WHERE run_id = $1
          ORDER BY id`,
        [runId],
      ),
    ).toEqual([
      { readable_id: 'a', status: 'QUEUED', retry_count: 1, output: null, error: null },
      { readable_id: 'b', status: 'PENDING', retry_count: 1, output: null, error: null },
    ]);
    expect(tick.outcome.enqueued).toMatchObject([{ taskId: tasks.get('a'), retryCount: 1 }]);
    expect(
      await fx.rows(
        `SELECT count(*)::int AS n FROM task_events WHERE event_type = 'RETRIED_BY_USER'`,
      ),
    ).toEqual([{ n: 2 }]);
    expect(
      await fx.rows(`SELECT status, finished_at FROM workflow_runs WHERE id = $1`, [runId]),
    ).toEqual([{ status: 'RUNNING', finished_at: null }]);
  });

  it('replays nothing that has not finished', async () => {
    const { runId } = await fx.trigger('dag');
    const replayed = fx.systems.replay.request(fx.tenantId, [runId]);
    await fx.apply(fx.systems.replay);
    expect(await replayed).toEqual([]);
  });
});
