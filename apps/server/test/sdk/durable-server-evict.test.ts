/**
 * server_evict: a worker frozen (SIGSTOP) while its durable task sleeps loses the task to
 * another worker once its heartbeats are overdue. When it wakes it still waits in the old
 * invocation, and says so in its status reports: the server tells it to drop that invocation,
 * and the SDK aborts it. The task finishes once, as the other worker's invocation.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunDetails } from '@trellis/engine';
import { eventually, killAll, startTestServer, startWorker, type TestServer } from './harness';

let server: TestServer;

beforeAll(async () => {
  // A silent worker's tasks move after 6 s without its heartbeat (the SDK beats every 4 s).
  server = await startTestServer({ reassignAfterMs: 6_000 });
}, 120_000);
afterAll(async () => {
  await killAll();
  await server?.close();
});

it('tells a worker that wakes in an invocation that moved on to drop it (server_evict)', async () => {
  const frozen = await startWorker(server.address, server.token, {
    name: 'frozen',
    // The SDK says at INFO that the server evicted an invocation.
    logLevel: 'INFO',
  });
  const [runId] = await server.engine.trigger(server.tenantId, [
    { workflowName: 'durable-sleeper', input: { seconds: 12 } },
  ]);
  const task = () =>
    server.db
      .query<{ externalId: string; retryCount: number; started: string }>(
        `SELECT t.external_id AS "externalId", t.retry_count AS "retryCount",
                (SELECT count(*) FROM task_events e
                  WHERE e.task_id = t.id AND e.event_type = 'STARTED') AS started
           FROM tasks t
          WHERE t.run_id = $1 AND EXISTS (SELECT 1 FROM durable_nodes n
                                           WHERE n.task_id = t.id AND n.kind = 'WAIT_FOR')`,
        [runId],
      )
      .then((r) => r.rows[0]);
  // Asleep on the frozen worker: its memo and its wait are in the log.
  const { externalId } = await eventually(task);
  process.kill(frozen.child.pid!, 'SIGSTOP');
  await startWorker(server.address, server.token, { name: 'other' });
  // The second invocation started on the other worker.
  await eventually(async () => ((await task())?.started === '2' ? true : undefined));
  process.kill(frozen.child.pid!, 'SIGCONT');

  const notice = `received server eviction notification for task ${externalId} invocation 1`;
  await eventually(async () => (frozen.lines.some((l) => l.includes(notice)) ? true : undefined));
  const details = await eventually(async () => {
    const d: RunDetails = await server.engine.getRunDetails(server.tenantId, runId!);
    return d.status === 'COMPLETED' || d.status === 'FAILED' ? d : undefined;
  });
  expect(details.status).toBe('COMPLETED');
  // Another invocation's: the second, or a later one when a loaded machine delayed the other
  // worker's heartbeats past the reassignment too (the frozen one's never finishes it).
  expect((details.tasks[0]!.output as { invocation: number }).invocation).toBeGreaterThanOrEqual(2);
  const finished = await server.db.query<{ n: string }>(
    `SELECT count(*) AS n FROM task_events e JOIN tasks t ON t.id = e.task_id
      WHERE t.run_id = $1 AND e.event_type = 'FINISHED'`,
    [runId],
  );
  expect(finished.rows[0]!.n).toBe('1');
}, 120_000);
