/**
 * A durable task's worker is SIGKILLed while the task sleeps: the engine gives the task to
 * another worker as its next invocation, which replays the event log (its `now()` answered
 * from the log, its sleep the one already recorded) and finishes once the recorded sleep ends.
 * Likewise while it waits for the children it spawned: the replay's spawn finds the runs the
 * first invocation created, and none is created twice.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunDetails } from '@trellis/engine';
import { eventually, killAll, startTestServer, startWorker, type TestServer } from './harness';

let server: TestServer;

beforeAll(async () => {
  // A lost worker's tasks move after 6 s without its heartbeat (the SDK beats every 4 s).
  server = await startTestServer({ reassignAfterMs: 6_000 });
}, 120_000);
afterAll(async () => {
  await killAll();
  await server?.close();
});

/** The run once it is final. */
const finished = (runId: string) =>
  eventually(async () => {
    const d: RunDetails = await server.engine.getRunDetails(server.tenantId, runId);
    return d.status === 'COMPLETED' || d.status === 'FAILED' ? d : undefined;
  }, 60_000);

it('replays a durable task on another worker after its worker was killed mid-sleep', async () => {
  const first = await startWorker(server.address, server.token, { name: 'doomed' });
  const [runId] = await server.engine.trigger(server.tenantId, [
    { workflowName: 'durable-sleeper', input: { seconds: 8 } },
  ]);
  const nodes = () =>
    server.db
      .query<{ kind: string; invocation: number; visitedBy: number; result: unknown }>(
        `SELECT n.kind, n.invocation_count AS invocation, n.visited_by AS "visitedBy", n.result
           FROM durable_nodes n JOIN tasks t ON t.id = n.task_id
          WHERE t.run_id = $1 ORDER BY n.node_id`,
        [runId],
      )
      .then((r) => r.rows);
  await eventually(async () => ((await nodes()).length === 2 ? true : undefined));
  first.kill('SIGKILL');
  await first.exited;
  await startWorker(server.address, server.token, { name: 'survivor' });

  const details = await finished(runId!);
  expect(details.status).toBe('COMPLETED');
  const output = details.tasks[0]!.output as { startedAt: string; invocation: number };
  expect(output.invocation).toBe(2);
  const log = await nodes();
  // The second invocation made no call of its own: it reached the two the first recorded.
  expect(log.map((n) => [n.kind, n.invocation, n.visitedBy])).toEqual([
    ['MEMO', 1, 2],
    ['WAIT_FOR', 1, 2],
  ]);
  expect(log[0]!.result).toEqual({ ts: output.startedAt });
}, 90_000);

it('spawns a durable task’s children once when its worker is killed while it waits for them', async () => {
  const first = await startWorker(server.address, server.token, { name: 'doomed-parent' });
  const [runId] = await server.engine.trigger(server.tenantId, [
    { workflowName: 'durable-parent', input: { n: 5, childMs: 3_000 } },
  ]);
  const children = () =>
    server.db
      .query<{ id: string; input: { i: number } }>(
        `SELECT c.id, c.input FROM workflow_runs c
           JOIN tasks p ON p.external_id = c.parent_task_external_id
          WHERE p.run_id = $1 ORDER BY c.created_at`,
        [runId],
      )
      .then((r) => r.rows);
  // Killed once the children exist and before they finish (each takes 3 s).
  await eventually(async () => ((await children()).length === 5 ? true : undefined));
  first.kill('SIGKILL');
  await first.exited;
  await startWorker(server.address, server.token, { name: 'surviving-parent' });

  const details = await finished(runId!);
  expect(details.status).toBe('COMPLETED');
  const output = details.tasks[0]!.output as { results: unknown[]; invocation: number };
  expect(output.invocation).toBe(2);
  expect(output.results).toEqual([0, 1, 2, 3, 4].map((i) => ({ doubled: i * 2 })));
  const spawned = await children();
  expect(spawned.map((c) => c.input.i).sort()).toEqual([0, 1, 2, 3, 4]);
}, 90_000);
