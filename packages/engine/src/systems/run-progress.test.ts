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
        { readableId: 'c', actionId: 'dag:c', parents: ['b'] },
      ],
      onFailureTask: { readableId: 'cleanup', actionId: 'dag:cleanup' },
    },
  ],
  async (created) => {
    fx = created;
    worker = await created.connectWorker(['dag:a', 'dag:b', 'dag:c', 'dag:cleanup']);
  },
);

const at = (ms: number) => new Date(fx.now + ms);

const tasksOf = (runId: string) =>
  fx.rows<{ readableId: string; status: string }>(
    `SELECT readable_id AS "readableId", status FROM tasks WHERE run_id = $1 ORDER BY id`,
    [runId],
  );

describe('run progress phase', () => {
  it('queues a task once its parents completed', async () => {
    const { runId, tasks } = await fx.trigger('dag');
    const tick = await fx.runAttempt(tasks.get('a')!, { kind: 'COMPLETED' });
    expect(await tasksOf(runId)).toEqual([
      { readableId: 'a', status: 'COMPLETED' },
      { readableId: 'b', status: 'QUEUED' },
      { readableId: 'c', status: 'PENDING' },
    ]);
    expect(tick.outcome.enqueued.map((i) => i.taskId)).toEqual([tasks.get('b')]);
    expect(tick.outcome.finishedRuns).toEqual([]);
  });

  it('cancels what waits on a failed task, runs the on-failure task, then fails the run when it ends', async () => {
    const { runId, tasks } = await fx.trigger('dag');
    await fx.runAttempt(tasks.get('a')!, { kind: 'COMPLETED' }, { finishedAt: at(10) });
    await fx.assignQueued(worker);
    const failed = await fx.runAttempt(
      tasks.get('b')!,
      { kind: 'FAILED', error: 'broke' },
      { startedAt: at(20), finishedAt: at(30) },
    );
    expect(await tasksOf(runId)).toEqual([
      { readableId: 'a', status: 'COMPLETED' },
      { readableId: 'b', status: 'FAILED' },
      { readableId: 'c', status: 'CANCELLED' },
      { readableId: 'cleanup', status: 'QUEUED' },
    ]);
    // The run goes on until its on-failure task ends.
    expect(failed.outcome.finishedRuns).toEqual([]);
    const [cleanup] = await fx.rows<{ id: string }>(
      `SELECT id FROM tasks WHERE run_id = $1 AND readable_id = 'cleanup'`,
      [runId],
    );
    await fx.assignQueued(worker);
    const last = await fx.runAttempt(
      cleanup!.id,
      { kind: 'COMPLETED' },
      { startedAt: at(40), finishedAt: at(55) },
    );
    expect(last.outcome.finishedRuns).toMatchObject([{ runId, status: 'FAILED' }]);
    const [run] = await fx.rows(`SELECT status, finished_at FROM workflow_runs WHERE id = $1`, [
      runId,
    ]);
    expect(run).toEqual({ status: 'FAILED', finished_at: at(55) });
  });
});
