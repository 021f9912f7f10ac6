import { describe, expect, it } from 'vitest';
import { usePhaseFixture, type PhaseFixture } from '../../test/phase-fixture';
import type { System } from '../tick/system';
import { freeUnits } from '../worker-pool';

let fx: PhaseFixture;

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
  (created) => {
    fx = created;
  },
);

const eventsOf = (taskId: string) =>
  fx
    .rows<{ eventType: string }>(
      `SELECT event_type AS "eventType" FROM task_events WHERE task_id = $1 ORDER BY id`,
      [taskId],
    )
    .then((rows) => rows.map((r) => r.eventType));

describe('trigger phase', () => {
  it('writes the run and its tasks, queues the root and leaves the child PENDING', async () => {
    const { runId, tick, tasks } = await fx.trigger('dag', { n: 1 });
    const [run] = await fx.rows(`SELECT status, input, kind FROM workflow_runs WHERE id = $1`, [
      runId,
    ]);
    expect(run).toEqual({ status: 'QUEUED', input: { n: 1 }, kind: 'DAG' });
    const rows = await fx.rows<{ readableId: string; status: string }>(
      `SELECT readable_id AS "readableId", status FROM tasks WHERE run_id = $1 ORDER BY id`,
      [runId],
    );
    expect(rows).toEqual([
      { readableId: 'a', status: 'QUEUED' },
      { readableId: 'b', status: 'PENDING' },
    ]);
    expect(await fx.rows(`SELECT task_id FROM task_queue`)).toEqual([{ task_id: tasks.get('a') }]);
    expect(tick.outcome.enqueued.map((i) => i.taskId)).toEqual([tasks.get('a')]);
    expect(await eventsOf(tasks.get('a')!)).toEqual(['QUEUED']);
  });

  it('assigns a root task to a free worker in the same transaction, without a queue row', async () => {
    const worker = await fx.connectWorker(['dag:a'], 2);
    const { tick, tasks } = await fx.trigger('dag');
    expect(tick.outcome.assigned.map((a) => a.row.id)).toEqual([tasks.get('a')]);
    expect(tick.outcome.enqueued).toEqual([]);
    expect(await fx.rows(`SELECT task_id FROM task_queue`)).toEqual([]);
    expect(await fx.rows(`SELECT task_id, worker_id FROM task_runtimes`)).toEqual([
      { task_id: tasks.get('a'), worker_id: worker.state.id },
    ]);
    expect(await eventsOf(tasks.get('a')!)).toEqual(['QUEUED', 'ASSIGNED']);
    expect(freeUnits(worker.state, 'default')).toBe(1);
  });

  it('gives the reserved slot back when the transaction fails', async () => {
    const worker = await fx.connectWorker(['dag:a'], 1);
    let freeDuringTick: number | undefined;
    const failing: System = {
      pending: 0,
      take() {},
      async apply() {
        freeDuringTick = freeUnits(worker.state, 'default');
        throw new Error('the database went away');
      },
      settle() {},
      fail() {},
    };
    const pending = fx.systems.trigger.request(fx.tenantId, [{ workflowName: 'dag' }]);
    await fx.buffered(fx.systems.trigger);
    await expect(fx.apply(fx.systems.trigger, failing)).rejects.toThrow('went away');
    await expect(pending).rejects.toThrow('went away');
    expect(freeDuringTick).toBe(0);
    expect(freeUnits(worker.state, 'default')).toBe(1);
    expect(await fx.rows(`SELECT id FROM workflow_runs`)).toEqual([]);
  });

  it('returns the run a re-sent child spawn created the first time', async () => {
    const parent = await fx.trigger('dag');
    const [parentTask] = await fx.rows<{ external_id: string }>(
      `SELECT external_id FROM tasks WHERE id = $1`,
      [parent.tasks.get('a')],
    );
    const spawn = () =>
      fx.systems.trigger.request(fx.tenantId, [
        { workflowName: 'dag', parentTaskExternalId: parentTask!.external_id, childIndex: 0 },
        { workflowName: 'dag', parentTaskExternalId: parentTask!.external_id, childIndex: 1 },
      ]);
    const first = spawn();
    const again = spawn();
    await fx.buffered(fx.systems.trigger, 2);
    await fx.apply(fx.systems.trigger);
    const later = spawn();
    await fx.buffered(fx.systems.trigger);
    await fx.apply(fx.systems.trigger);
    const ids = await first;
    expect(new Set(ids).size).toBe(2);
    expect(await again).toEqual(ids);
    expect(await later).toEqual(ids);
    expect(
      await fx.rows(`SELECT id FROM workflow_runs WHERE parent_task_external_id IS NOT NULL`),
    ).toHaveLength(2);
  });

  it('gives a child run its parent run’s metadata, the child’s own keys winning', async () => {
    const parentPending = fx.systems.trigger.request(fx.tenantId, [
      { workflowName: 'dag', additionalMetadata: { customer: 'c-1', tier: 'gold' } },
    ]);
    await fx.buffered(fx.systems.trigger);
    await fx.apply(fx.systems.trigger);
    const [parentRun] = await parentPending;
    const [parentTask] = await fx.rows<{ external_id: string }>(
      `SELECT external_id FROM tasks WHERE run_id = $1 AND readable_id = 'a'`,
      [parentRun],
    );
    const childPending = fx.systems.trigger.request(fx.tenantId, [
      {
        workflowName: 'dag',
        parentTaskExternalId: parentTask!.external_id,
        childIndex: 0,
        additionalMetadata: { tier: 'silver', step: 2 },
      },
    ]);
    await fx.buffered(fx.systems.trigger);
    await fx.apply(fx.systems.trigger);
    const [childRun] = await childPending;
    expect(
      await fx.rows(`SELECT additional_metadata FROM workflow_runs WHERE id = $1`, [childRun]),
    ).toEqual([{ additional_metadata: { customer: 'c-1', tier: 'silver', step: 2 } }]);
  });

  it('refuses an unknown workflow before buffering anything', async () => {
    await expect(
      fx.systems.trigger.request(fx.tenantId, [{ workflowName: 'nope' }]),
    ).rejects.toThrow('workflow "nope" does not exist');
    expect(fx.systems.trigger.pending).toBe(0);
  });
});
