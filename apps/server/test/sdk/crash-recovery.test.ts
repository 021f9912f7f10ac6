/**
 * The crash test: the real server (`main.ts`) is SIGKILLed while 1,000 tasks are in flight and
 * started again on the same database. Every run must still reach a final state, no completed
 * result may be lost or recorded twice, and the SDK workers and client must reconnect by
 * themselves. Then the same with 1,000 durable tasks asleep: each finishes once, with its sleep
 * met once. Runs on PGlite (a data folder), or on PostgreSQL when TRELLIS_TEST_DATABASE_URL is
 * set.
 */
import { describe, expect, it } from 'vitest';
import { migrate, type Database } from '@trellis/db';
import { createTenantToken, freePort, runClient, type SdkProcess, startWorker } from './harness';
import {
  freshServerDatabase,
  serverEnv,
  spawnServer,
  useCleanupsAfterAll,
} from './server-processes';

const TASKS = 1000;

const cleanups = useCleanupsAfterAll();

const startServer = (env: Record<string, string>) => spawnServer(env, cleanups);

/** A fresh database with a tenant and its token, and the server's environment on it. */
async function crashSetup() {
  const database = await freshServerDatabase('crash', cleanups);
  const grpcPort = await freePort();
  const address = `127.0.0.1:${grpcPort}`;
  const setup = await database.open();
  await migrate(setup);
  const { token, tenantId } = await createTenantToken(setup, address);
  await setup.close();
  const env = {
    ...serverEnv(database, address),
    TRELLIS_GRPC_PORT: String(grpcPort),
    TRELLIS_HTTP_PORT: String(await freePort()),
  };
  return { database, address, token, tenantId, env };
}

/** The server, once it says it is running. */
async function startedServer(env: Record<string, string>): Promise<SdkProcess> {
  const server = startServer(env);
  await server.waitForLine('  Trellis is running');
  return server;
}

/**
 * Waits for the client's DONE line; when it does not come, says where the unfinished runs are
 * (status counts, and the events and durable log of a few), so a failure points at its cause.
 */
async function waitForDone(
  client: SdkProcess,
  database: { open: () => Promise<Database> },
  tenantId: string,
): Promise<string> {
  try {
    return await client.waitForLine('DONE ', 150_000);
  } catch (error) {
    const db = await database.open();
    try {
      const runs = await db.query(
        'SELECT status, count(*) AS n FROM workflow_runs WHERE tenant_id = $1 GROUP BY status',
        [tenantId],
      );
      const stuck = await db.query(
        `SELECT t.id, t.status, t.retry_count, r.status AS run_status,
                (SELECT string_agg(e.event_type || '@' || e.retry_count
                          || CASE WHEN e.event_type = 'FAILED' THEN ' (' || e.message || ')' ELSE '' END,
                          ',' ORDER BY e.id)
                   FROM task_events e WHERE e.task_id = t.id) AS events,
                (SELECT string_agg(n.kind || ':' || coalesce(n.satisfied_seq::text, '-')
                          || '/inv' || n.invocation_count, ',' ORDER BY n.node_id)
                   FROM durable_nodes n WHERE n.task_id = t.id) AS nodes
           FROM tasks t JOIN workflow_runs r ON r.id = t.run_id
          WHERE t.tenant_id = $1 AND r.status NOT IN ('COMPLETED', 'FAILED', 'CANCELLED')
          ORDER BY t.id LIMIT 5`,
        [tenantId],
      );
      throw new Error(
        `${(error as Error).message.split('\n')[0]}\nruns: ${JSON.stringify(runs.rows)}\n` +
          `unfinished: ${JSON.stringify(stuck.rows)}\n` +
          `client output:\n${client.lines.slice(-20).join('\n')}`,
        { cause: error },
      );
    } finally {
      await db.close();
    }
  }
}

/** SIGKILLs the server and starts it again on the same database. */
async function crashAndRestart(
  server: SdkProcess,
  env: Record<string, string>,
): Promise<SdkProcess> {
  server.kill('SIGKILL');
  await server.exited;
  return startedServer(env);
}

describe('crash recovery', () => {
  it(`finishes ${TASKS} tasks exactly once across a SIGKILL of the server`, async () => {
    const { database, address, token, tenantId, env } = await crashSetup();

    let server = await startedServer(env);
    await startWorker(address, token, { name: 'crash-a', slots: 50 });
    await startWorker(address, token, { name: 'crash-b', slots: 50 });
    // `resilient` has retries: a worker whose result could not reach the server within the
    // SDK's own retry budget (about 13 s; a restart on a loaded machine can take longer)
    // reports the attempt FAILED, and the retry must then complete it.
    const client = runClient(address, token, ['--bulk', 'resilient', String(TASKS), '{"ms":300}']);
    expect(await client.waitForLine('RUNS ')).toBe(String(TASKS));

    // Mid-flight: about half the tasks are done, a hundred are running, the rest queued.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    server = await crashAndRestart(server, env);
    // The client's awaits survive the crash: its subscription stream reconnects by itself.
    const done = await waitForDone(client, database, tenantId);
    expect({ done, failures: client.lines.filter((l) => l.startsWith('FAILURE ')) }).toEqual({
      done: `ok=${TASKS} failed=0`,
      failures: [],
    });

    server.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const db = await database.open();
    try {
      const runs = await db.query<{ status: string; n: string }>(
        'SELECT status, count(*) AS n FROM workflow_runs WHERE tenant_id = $1 GROUP BY status',
        [tenantId],
      );
      expect(runs.rows).toEqual([{ status: 'COMPLETED', n: String(TASKS) }]);
      const finished = await db.query<{ n: string }>(
        `SELECT count(*) AS n FROM task_events WHERE tenant_id = $1 AND event_type = 'FINISHED'`,
        [tenantId],
      );
      expect(finished.rows[0]!.n).toBe(String(TASKS));
      const outputs = await db.query<{ n: string }>(
        `SELECT count(*) AS n FROM tasks
          WHERE tenant_id = $1 AND status = 'COMPLETED' AND output->>'sleptMs' = '300'`,
        [tenantId],
      );
      expect(outputs.rows[0]!.n).toBe(String(TASKS));
      const hot = await db.query<{ n: string }>(
        `SELECT (SELECT count(*) FROM task_queue WHERE tenant_id = $1)
              + (SELECT count(*) FROM task_runtimes WHERE tenant_id = $1) AS n`,
        [tenantId],
      );
      expect(hot.rows[0]!.n).toBe('0');
    } finally {
      await db.close();
    }
  }, 240_000);

  it(`finishes ${TASKS} sleeping durable tasks across a SIGKILL of the server, each wait met once`, async () => {
    const { database, address, token, tenantId, env } = await crashSetup();
    let server = await startedServer(env);
    await startWorker(address, token, { name: 'durable-crash', slots: 10 });
    const client = runClient(address, token, [
      '--bulk',
      'durable-sleeper',
      String(TASKS),
      '{"seconds":6}',
    ]);
    expect(await client.waitForLine('RUNS ')).toBe(String(TASKS));
    // All of them sleep (the worker has a durable slot for each) when the server dies.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    server = await crashAndRestart(server, env);
    const done = await waitForDone(client, database, tenantId);
    expect({ done, failures: client.lines.filter((l) => l.startsWith('FAILURE ')) }).toEqual({
      done: `ok=${TASKS} failed=0`,
      failures: [],
    });

    server.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const db = await database.open();
    try {
      const runs = await db.query<{ status: string; n: string }>(
        'SELECT status, count(*) AS n FROM workflow_runs WHERE tenant_id = $1 GROUP BY status',
        [tenantId],
      );
      expect(runs.rows).toEqual([{ status: 'COMPLETED', n: String(TASKS) }]);
      // Every task's log holds its now() and its sleep, each completed once, in that order.
      const logs = await db.query<{ shape: string; n: string }>(
        `SELECT shape, count(*) AS n FROM (
           SELECT string_agg(kind || ':' || satisfied_seq, ',' ORDER BY node_id) AS shape
             FROM durable_nodes WHERE tenant_id = $1 GROUP BY task_id) logs
          GROUP BY shape`,
        [tenantId],
      );
      expect(logs.rows).toEqual([{ shape: 'MEMO:1,WAIT_FOR:2', n: String(TASKS) }]);
    } finally {
      await db.close();
    }
  }, 240_000);
});
