/**
 * Any server process serves anything: two real servers on one PostgreSQL, A running the engine
 * and B standing by. A worker, a client and a dashboard talk to B only; B forwards them to A, so
 * the worker connected to B gets its work assigned by A. Then A is SIGKILLed: B takes the lease
 * over and serves the same connections' successors itself, and every run finishes exactly once.
 * PGlite is one process per data folder, so this runs on PostgreSQL only.
 */
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { migrate } from '@trellis/db';
import { createTenantToken, freePort, runClient, startWorker } from './harness';
import { openLiveStream } from '../live-stream';
import {
  freshServerDatabase,
  postgresUrl,
  serverEnv,
  spawnServer,
  useCleanupsAfterAll,
} from './server-processes';

const cleanups = useCleanupsAfterAll();

describe.skipIf(!postgresUrl)('a server process standing by', () => {
  it('forwards REST, the live stream and a worker to the process running the engine, then takes over', async () => {
    const database = await freshServerDatabase('forwarding', cleanups);
    const [a, b] = await Promise.all(
      [0, 1].map(async () => ({ grpc: await freePort(), http: await freePort() })),
    );
    const viaB = `127.0.0.1:${b!.grpc}`;
    const setup = await database.open();
    await migrate(setup);
    const { token, tenantId } = await createTenantToken(setup, viaB);
    await setup.close();
    const start = (ports: { grpc: number; http: number }) =>
      spawnServer(
        {
          ...serverEnv(database, viaB),
          TRELLIS_GRPC_PORT: String(ports.grpc),
          TRELLIS_HTTP_PORT: String(ports.http),
          // The processes forward to each other with the client's address attached.
          TRELLIS_TRUST_PROXY: 'true',
        },
        cleanups,
      );
    const serverA = start(a!);
    await serverA.waitForLine('  Trellis is running');
    const serverB = start(b!);
    await serverB.waitForLine('  Trellis is standing by');

    // REST through B is A's answer: ready, and the same data.
    const httpB = `http://127.0.0.1:${b!.http}`;
    const get = (base: string, path: string) =>
      fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
    expect((await fetch(`${httpB}/api/live`)).status).toBe(200);
    expect((await fetch(`${httpB}/api/ready`)).status).toBe(200);
    const tenantPath = `/api/v1/tenants/${tenantId}/workflows`;
    const [throughB, fromA] = await Promise.all([
      get(httpB, tenantPath),
      get(`http://127.0.0.1:${a!.http}`, tenantPath),
    ]);
    expect(throughB.status).toBe(200);
    expect(await throughB.json()).toEqual(await fromA.json());
    // Bad input is still the API's answer, not the forwarder's.
    const refused = await get(httpB, `/api/v1/tenants/${tenantId}/workflows?limit=nope`);
    expect(refused.status).toBe(400);

    // A dashboard on B sees the runs that a worker on B does, all scheduled by A.
    const live = await openLiveStream(httpB, tenantId, token);
    await startWorker(viaB, token, { name: 'forwarded', slots: 20 });
    const first = runClient(viaB, token, ['--bulk', 'resilient', '40', '{"ms":100}']);
    expect(await first.waitForLine('RUNS ')).toBe('40');
    await live.next((e) => e.event === 'changes');
    expect(await first.waitForLine('DONE ', 120_000)).toBe('ok=40 failed=0');
    await live.close();
    const db = await database.open();
    try {
      const workers = await db.query<{ n: string }>(
        'SELECT count(*) AS n FROM workers WHERE tenant_id = $1',
        [tenantId],
      );
      expect(workers.rows).toEqual([{ n: '1' }]);

      // A dies with runs in flight: B takes over; the worker and client, still pointed at B,
      // are now served by it.
      const second = runClient(viaB, token, ['--bulk', 'resilient', '60', '{"ms":300}']);
      expect(await second.waitForLine('RUNS ')).toBe('60');
      serverA.kill('SIGKILL');
      await serverA.exited;
      await serverB.waitForLine('  Trellis is running', 60_000);
      expect(await second.waitForLine('DONE ', 150_000)).toBe('ok=60 failed=0');

      const runs = await db.query<{ status: string; n: string }>(
        'SELECT status, count(*) AS n FROM workflow_runs WHERE tenant_id = $1 GROUP BY status',
        [tenantId],
      );
      expect(runs.rows).toEqual([{ status: 'COMPLETED', n: '100' }]);
      const finished = await db.query<{ tasks: string; events: string }>(
        `SELECT count(DISTINCT task_id) AS tasks, count(*) AS events
           FROM task_events WHERE tenant_id = $1 AND event_type = 'FINISHED'`,
        [tenantId],
      );
      expect(finished.rows[0]).toEqual({ tasks: '100', events: '100' });
    } finally {
      await db.close();
    }
  }, 240_000);

  it('stops, saying why, when it cannot listen to forward', async () => {
    const database = await freshServerDatabase('forwarding_port', cleanups);
    const [a, b] = await Promise.all(
      [0, 1].map(async () => ({ grpc: await freePort(), http: await freePort() })),
    );
    const env = (ports: { grpc: number; http: number }) => ({
      ...serverEnv(database, `127.0.0.1:${a!.grpc}`),
      TRELLIS_GRPC_PORT: String(ports.grpc),
      TRELLIS_HTTP_PORT: String(ports.http),
    });
    const serverA = spawnServer(env(a!), cleanups);
    await serverA.waitForLine('  Trellis is running');
    // B's HTTP port is taken by something else.
    const squatter = createServer();
    await new Promise<void>((resolve) => squatter.listen(b!.http, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => squatter.close(() => resolve())));
    const serverB = spawnServer(env(b!), cleanups);
    expect(await serverB.exited).not.toBe(0);
    expect(serverB.lines.join('\n')).toContain('EADDRINUSE');
    expect(serverB.lines.some((line) => line.includes('standing by'))).toBe(false);
  });
});
