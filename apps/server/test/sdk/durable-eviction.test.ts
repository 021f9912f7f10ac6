/**
 * Eviction of durable tasks through the SDK: a task whose eviction policy gives up its slot
 * after a second of waiting (examples/src/durable.ts, `durable-napper`) is evicted by its
 * worker, waits with no attempt running it, and comes back as its next invocation when its
 * sleep ends, replaying the log; a task evicted for a long sleep is restored over REST.
 */
import { expect, it } from 'vitest';
import type { RunDetails } from '@trellis/engine';
import { eventually, useServerAndRest } from './harness';

const fx = useServerAndRest({ worker: { name: 'evicting-worker', slots: 10 } });

const details = (runId: string) => fx.server.engine.getRunDetails(fx.server.tenantId, runId);
const eventsOf = async (run: RunDetails) =>
  (await fx.server.engine.listTaskEvents(fx.server.tenantId, run.tasks[0]!.externalId)).map(
    (e) => e.eventType,
  );
const runtimes = async (runId: string) =>
  (
    await fx.server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM task_runtimes r JOIN tasks t ON t.id = r.task_id
        WHERE t.run_id = $1`,
      [runId],
    )
  ).rows[0]!.n;

it('evicts a waiting durable task, frees its slot, and brings it back when its sleep ends', async () => {
  const [runId] = await fx.server.engine.trigger(fx.server.tenantId, [
    { workflowName: 'durable-napper', input: { seconds: 5 } },
  ]);
  // Evicted while it sleeps: it has no attempt running, and its run still runs.
  await eventually(async () =>
    (await eventsOf(await details(runId!))).includes('DURABLE_EVICTED') ? true : undefined,
  );
  expect(await runtimes(runId!)).toBe(0);
  expect((await details(runId!)).status).toBe('RUNNING');

  const run = await eventually(async () => {
    const d = await details(runId!);
    return d.status === 'COMPLETED' || d.status === 'FAILED' ? d : undefined;
  });
  expect(run.status).toBe('COMPLETED');
  const output = run.tasks[0]!.output as { startedAt: string; invocation: number };
  // The next invocation replayed the log: the time it started is the first invocation's.
  expect(output.invocation).toBe(2);
  const { rows } = await fx.server.db.query<{ result: { ts: string } }>(
    `SELECT n.result FROM durable_nodes n JOIN tasks t ON t.id = n.task_id
      WHERE t.run_id = $1 AND n.kind = 'MEMO'`,
    [runId],
  );
  expect(rows.map((r) => r.result.ts)).toEqual([output.startedAt]);
  const events = await eventsOf(run);
  expect(events.filter((e) => e === 'DURABLE_EVICTED')).toHaveLength(1);
  expect(events.filter((e) => e === 'DURABLE_RESTORING')).toHaveLength(1);
}, 60_000);

it('restores an evicted task on request, and says when a task is not evicted', async () => {
  const [runId] = await fx.server.engine.trigger(fx.server.tenantId, [
    { workflowName: 'durable-napper', input: { seconds: 3600 } },
  ]);
  const taskId = (await details(runId!)).tasks[0]!.externalId;
  await eventually(async () =>
    (await eventsOf(await details(runId!))).includes('DURABLE_EVICTED') ? true : undefined,
  );
  const restore = () =>
    fetch(`${fx.restUrl}/api/v1/stable/tasks/${taskId}/restore`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fx.server.token}` },
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as unknown }));
  expect(await restore()).toEqual({ status: 200, body: { requeued: true } });
  // Queued again, it is no longer evicted.
  expect(await restore()).toEqual({ status: 200, body: { requeued: false } });
  // Dispatched again as its second invocation, it replays its sleep and waits again.
  await eventually(async () => ((await runtimes(runId!)) === 1 ? true : undefined));
  expect(await eventsOf(await details(runId!))).toContain('DURABLE_RESTORING');
  await fx.server.engine.cancel(fx.server.tenantId, [runId!]);
}, 60_000);
