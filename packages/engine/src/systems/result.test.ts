import { describe, expect, it } from 'vitest';
import {
  SOLO,
  usePhaseFixture,
  type PhaseFixture,
  type TestStreamWorker,
} from '../../test/phase-fixture';

let fx: PhaseFixture;
let worker: TestStreamWorker;

usePhaseFixture(
  [
    SOLO,
    {
      name: 'flaky',
      tasks: [{ readableId: 'flaky', actionId: 'flaky:flaky', retries: 2, backoffFactor: 2 }],
    },
  ],
  async (created) => {
    fx = created;
    worker = await created.connectWorker(['solo:solo', 'flaky:flaky']);
  },
);

/** A time `ms` after the fixture's tick time. */
const at = (ms: number) => new Date(fx.now + ms);

const timeline = (taskId: string) =>
  fx.rows<{ event: string; at: Date; message: string }>(
    `SELECT event_type || '@' || retry_count AS event, created_at AS at, message
       FROM task_events WHERE task_id = $1 ORDER BY id`,
    [taskId],
  );

describe('result phase', () => {
  it('records a completed attempt at the worker’s times, and its run with them', async () => {
    const { runId, tasks } = await fx.trigger('solo');
    const taskId = tasks.get('solo')!;
    const tick = await fx.runAttempt(
      taskId,
      { kind: 'COMPLETED', output: { ok: true } },
      { startedAt: at(10), finishedAt: at(37) },
    );
    expect(await timeline(taskId)).toMatchObject([
      { event: 'QUEUED@0' },
      { event: 'ASSIGNED@0' },
      { event: 'STARTED@0', at: at(10) },
      { event: 'FINISHED@0', at: at(37) },
    ]);
    const [task] = await fx.rows(
      `SELECT status, output, started_at, finished_at FROM tasks WHERE id = $1`,
      [taskId],
    );
    expect(task).toEqual({
      status: 'COMPLETED',
      output: { ok: true },
      started_at: at(10),
      finished_at: at(37),
    });
    const [run] = await fx.rows(
      `SELECT status, started_at, finished_at FROM workflow_runs WHERE id = $1`,
      [runId],
    );
    // The run took as long as its task: 27 ms, not the time between two ticks.
    expect(run).toEqual({ status: 'COMPLETED', started_at: at(10), finished_at: at(37) });
    expect(tick.outcome.finishedRuns).toMatchObject([
      { runId, status: 'COMPLETED', finishedAt: at(37) },
    ]);
    expect(tick.outcome.endedRuntimes).toEqual([taskId]);
    expect(worker.state.id).toBeTruthy();
  });

  it('records a completed attempt whose STARTED never arrived as started when it finished', async () => {
    const { runId, tasks } = await fx.trigger('solo');
    const taskId = tasks.get('solo')!;
    const done = fx.systems.result.request(
      { tenantId: fx.tenantId, taskId, retryCount: 0 },
      { kind: 'COMPLETED', payload: '{}', taskExternalId: taskId, at: at(40) },
    );
    await fx.apply(fx.systems.result, fx.systems.runProgress);
    await done;
    expect(await timeline(taskId)).toMatchObject([
      { event: 'QUEUED@0' },
      { event: 'ASSIGNED@0' },
      { event: 'STARTED@0', at: at(40) },
      { event: 'FINISHED@0', at: at(40) },
    ]);
    const rows = await fx.rows(
      `SELECT t.started_at AS task, r.started_at AS run FROM tasks t
         JOIN workflow_runs r ON r.id = t.run_id WHERE t.id = $1 AND r.id = $2`,
      [taskId, runId],
    );
    expect(rows).toEqual([{ task: at(40), run: at(40) }]);
  });

  it('ignores a second result for an attempt that already ended', async () => {
    const { tasks } = await fx.trigger('solo');
    const taskId = tasks.get('solo')!;
    await fx.runAttempt(taskId, { kind: 'COMPLETED', output: { n: 1 } });
    const again = await fx.runAttempt(taskId, { kind: 'FAILED', error: 'late' });
    expect(again.outcome.endedRuntimes).toEqual([]);
    const [task] = await fx.rows(`SELECT status, output FROM tasks WHERE id = $1`, [taskId]);
    expect(task).toEqual({ status: 'COMPLETED', output: { n: 1 } });
    expect((await timeline(taskId)).map((e) => e.event)).toEqual([
      'QUEUED@0',
      'ASSIGNED@0',
      'STARTED@0',
      'FINISHED@0',
    ]);
  });

  it('records a retried failure as FAILED, then RETRYING, and queues the next attempt after its backoff', async () => {
    const { runId, tasks } = await fx.trigger('flaky');
    const taskId = tasks.get('flaky')!;
    const tick = await fx.runAttempt(
      taskId,
      { kind: 'FAILED', error: 'boom' },
      { startedAt: at(5), finishedAt: at(20) },
    );
    expect(await timeline(taskId)).toMatchObject([
      { event: 'QUEUED@0' },
      { event: 'ASSIGNED@0' },
      { event: 'STARTED@0', at: at(5) },
      { event: 'FAILED@0', at: at(20), message: 'boom' },
      { event: 'RETRYING@0', at: at(20), message: 'Retry 1 of 2 in 1s' },
      { event: 'QUEUED@1' },
    ]);
    const [queued] = await fx.rows(
      `SELECT retry_count, ready_at FROM task_queue WHERE task_id = $1`,
      [taskId],
    );
    expect(queued).toEqual({ retry_count: 1, ready_at: at(1000) });
    expect(tick.outcome.enqueued).toMatchObject([{ taskId, retryCount: 1 }]);
    const [task] = await fx.rows(
      `SELECT status, retry_count, error, started_at, finished_at FROM tasks WHERE id = $1`,
      [taskId],
    );
    // The task's times are its current attempt's: the next one has not started.
    expect(task).toEqual({
      status: 'QUEUED',
      retry_count: 1,
      error: 'boom',
      started_at: null,
      finished_at: null,
    });
    const [run] = await fx.rows(`SELECT status FROM workflow_runs WHERE id = $1`, [runId]);
    expect(run).toEqual({ status: 'RUNNING' });
  });

  it('fails the task and its run when no retry is left, at the time of the failure', async () => {
    const { runId, tasks } = await fx.trigger('solo');
    const taskId = tasks.get('solo')!;
    await fx.runAttempt(
      taskId,
      { kind: 'FAILED', error: 'fatal' },
      { startedAt: at(1), finishedAt: at(9) },
    );
    expect((await timeline(taskId)).map((e) => e.event)).toEqual([
      'QUEUED@0',
      'ASSIGNED@0',
      'STARTED@0',
      'FAILED@0',
    ]);
    const [run] = await fx.rows(
      `SELECT status, started_at, finished_at FROM workflow_runs WHERE id = $1`,
      [runId],
    );
    expect(run).toEqual({ status: 'FAILED', started_at: at(1), finished_at: at(9) });
  });

  it('refuses a payload that is not JSON before buffering it', () => {
    expect(() =>
      fx.systems.result.request(
        { tenantId: fx.tenantId, taskId: '1', retryCount: 0 },
        { kind: 'COMPLETED', payload: '{', taskExternalId: 't', at: new Date() },
      ),
    ).toThrow('the output of task t is not valid JSON');
    expect(fx.systems.result.pending).toBe(0);
  });
});

describe('start phase', () => {
  it('records the first STARTED at the worker’s time and starts the run with it', async () => {
    const { runId, tasks } = await fx.trigger('solo');
    const taskId = tasks.get('solo')!;
    const attempt = { tenantId: fx.tenantId, taskId, retryCount: 0 };
    const first = fx.systems.start.request(attempt, at(3));
    const repeat = fx.systems.start.request(attempt, at(8));
    const tick = await fx.apply(fx.systems.start);
    await Promise.all([first, repeat]);
    expect(tick.outcome.started).toEqual([{ taskId, at: at(3).getTime() }]);
    expect((await timeline(taskId)).filter((e) => e.event === 'STARTED@0')).toMatchObject([
      { at: at(3) },
    ]);
    const [task] = await fx.rows(`SELECT status, started_at FROM tasks WHERE id = $1`, [taskId]);
    expect(task).toEqual({ status: 'RUNNING', started_at: at(3) });
    const [run] = await fx.rows(`SELECT status, started_at FROM workflow_runs WHERE id = $1`, [
      runId,
    ]);
    expect(run).toEqual({ status: 'RUNNING', started_at: at(3) });
  });
});
