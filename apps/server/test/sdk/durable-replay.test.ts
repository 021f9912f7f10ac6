/**
 * A durable task's worker is SIGKILLed while the task sleeps: the engine gives the task to
 * another worker as its next invocation, which replays the event log (its `now()` answered
 * from the log, its sleep the one already recorded) and finishes once the recorded sleep ends.
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

  const details = await eventually(async () => {
    const d: RunDetails = await server.engine.getRunDetails(server.tenantId, runId!);
    return d.status === 'COMPLETED' || d.status === 'FAILED' ? d : undefined;
  }, 60_000);
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
