/**
 * Crons fire exactly once with real server processes (`main.ts`): across a SIGKILL and a
 * restart (a fire missed while down fires once, late; the misses before it are not replayed),
 * and, on PostgreSQL, with two server processes on one database, the one running the engine
 * killed and its lease taken over by the other. Counted from the runs: every due second once.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '@trellis/db';
import { createTenantToken, freePort, type SdkProcess } from './harness';
import {
  freshServerDatabase,
  postgresUrl,
  serverEnv,
  spawnServer,
  type ServerDatabase,
  waitForHome,
} from './server-processes';

const CRONS = 20;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Setup {
  env: Record<string, string>;
  tenantId: string;
  token: string;
  database: ServerDatabase;
}

/** A migrated database with a tenant, an API token, a workflow and CRONS every-second crons. */
async function prepare(): Promise<Setup> {
  const database = await freshServerDatabase('crons', cleanups);
  const db = await database.open();
  try {
    await migrate(db);
    const grpcAddress = `127.0.0.1:${await freePort()}`;
    const { tenantId, token } = await createTenantToken(db, grpcAddress);
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO workflows (tenant_id, name) VALUES ($1, 'tick') RETURNING id`,
      [tenantId],
    );
    const workflowId = rows[0]!.id;
    const { rows: versions } = await db.query<{ id: string }>(
      `INSERT INTO workflow_versions (tenant_id, workflow_id, version_order, checksum, definition)
       VALUES ($1, $2, 1, 'test', '{}') RETURNING id`,
      [tenantId, workflowId],
    );
    await db.query(
      `INSERT INTO workflow_steps (tenant_id, workflow_version_id, readable_id, action_id,
                                   timeout_seconds, schedule_timeout_seconds, position)
       VALUES ($1, $2, 'tick', 'tick:tick', 60, 300, 0)`,
      [tenantId, versions[0]!.id],
    );
    await db.query(
      `INSERT INTO cron_triggers (tenant_id, workflow_id, method, name, expression, fired_through)
       SELECT $1, $2, 'API', 'c' || n, '* * * * * *', now() FROM generate_series(1, $3) AS n`,
      [tenantId, workflowId, CRONS],
    );
    return {
      database,
      tenantId,
      token,
      env: serverEnv(database, grpcAddress),
    };
  } finally {
    await db.close();
  }
}

/** A server process on the setup's database, once it serves. */
async function startServer(setup: Setup): Promise<SdkProcess> {
  const server = spawnServer(
    {
      ...setup.env,
      TRELLIS_GRPC_PORT: String(await freePort()),
      TRELLIS_HTTP_PORT: String(await freePort()),
    },
    cleanups,
  );
  await server.waitForLine('  Trellis is running');
  return server;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Fire {
  cronId: string;
  dueAt: Date;
  late: boolean;
  runs: number;
}

/** Every fire the runs record, with how many runs each has. */
async function fires(setup: Setup): Promise<Fire[]> {
  const db = await setup.database.open();
  try {
    const { rows } = await db.query<Fire>(
      `SELECT triggering_cron_id AS "cronId", trigger_due_at AS "dueAt", bool_or(trigger_late) AS late,
              count(*)::int AS runs
         FROM workflow_runs WHERE tenant_id = $1 AND triggering_cron_id IS NOT NULL
        GROUP BY 1, 2 ORDER BY 1, 2`,
      [setup.tenantId],
    );
    return rows;
  } finally {
    await db.close();
  }
}

/** The seconds of [from, to] that a cron has no fire for. */
function missedSeconds(cronFires: readonly Fire[], from: number, to: number): number[] {
  const fired = new Set(cronFires.map((f) => f.dueAt.getTime()));
  const missed: number[] = [];
  for (let t = from; t <= to; t += 1000) if (!fired.has(t)) missed.push(t);
  return missed;
}

function byCron(all: readonly Fire[]): Map<string, Fire[]> {
  const map = new Map<string, Fire[]>();
  for (const fire of all) map.set(fire.cronId, [...(map.get(fire.cronId) ?? []), fire]);
  return map;
}

describe('crons across server processes', () => {
  it('fire each due second once across a SIGKILL, and a missed stretch once, late', async () => {
    const setup = await prepare();
    let server = await startServer(setup);
    await sleep(3_000);
    server.kill('SIGKILL');
    await server.exited;
    const killedAt = Date.now();
    await sleep(4_000);
    // When the new process is spawned, not when it reports ready: under load it may fire
    // on time well before its ready line is read.
    const restartedAt = Date.now();
    server = await startServer(setup);
    await sleep(3_000);
    server.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    const all = await fires(setup);
    expect(all.every((f) => f.runs === 1)).toBe(true);
    const crons = byCron(all);
    expect(crons.size).toBe(CRONS);
    for (const cronFires of crons.values()) {
      // While down, nothing fired; at the restart one late fire stood for all the misses.
      const down = cronFires.filter(
        (f) => f.dueAt.getTime() > killedAt + 1_000 && f.dueAt.getTime() < restartedAt - 1_500,
      );
      expect(down.filter((f) => !f.late)).toEqual([]);
      expect(down.filter((f) => f.late).length).toBeLessThanOrEqual(1);
      // Before the kill and after the restart's catch-up, no second was missed.
      const beforeKill = cronFires.filter((f) => f.dueAt.getTime() <= killedAt - 1_000);
      const first = beforeKill[0]!.dueAt.getTime();
      expect(missedSeconds(cronFires, first, beforeKill.at(-1)!.dueAt.getTime())).toEqual([]);
      const afterRestart = cronFires.filter((f) => f.dueAt.getTime() >= restartedAt + 1_000);
      expect(afterRestart.length).toBeGreaterThan(0);
      expect(
        missedSeconds(
          cronFires,
          afterRestart[0]!.dueAt.getTime(),
          afterRestart.at(-1)!.dueAt.getTime(),
        ),
      ).toEqual([]);
    }
  }, 120_000);

  it.skipIf(!postgresUrl)(
    'fire each due second once with two server processes on one database, across the takeover of a killed one',
    async () => {
      const setup = await prepare();
      const db = await setup.database.open();
      cleanups.push(() => db.close());
      const servers = [await startServer(setup), await startServer(setup)];
      // Both hold their share of the shards before the one scheduling the tenant is chosen.
      await expect
        .poll(async () => {
          const { rows } = await db.query<{ n: string }>(
            `SELECT count(DISTINCT holder) AS n FROM engine_leases
              WHERE name LIKE 'shard:%' AND expires_at > now()`,
          );
          return rows[0]!.n;
        })
        .toBe('2');
      const home = await waitForHome(db, setup.tenantId, servers);
      const other = servers.find((server) => server !== home)!;
      await sleep(3_000);
      // The process whose engine fires the tenant's crons is killed: the other takes its shards
      // over once their leases lapse, and fires what fell due meanwhile once, late.
      home.kill('SIGKILL');
      await home.exited;
      const killedAt = Date.now();
      await waitForHome(db, setup.tenantId, [other]);
      const tookOverAt = Date.now();
      await sleep(3_000);
      // Started again, the killed one takes its share back (the tenant's shard may come with
      // it, handed over cleanly); a clean stop then hands everything to the one left.
      const restartedAt = Date.now();
      const restarted = await startServer(setup);
      await sleep(2_000);
      other.kill('SIGTERM');
      await waitForHome(db, setup.tenantId, [restarted]);
      restarted.kill('SIGTERM');
      expect([await other.exited, await restarted.exited]).toEqual([0, 0]);

      const all = await fires(setup);
      expect(all.filter((f) => f.runs !== 1)).toEqual([]);
      const crons = byCron(all);
      expect(crons.size).toBe(CRONS);
      for (const cronFires of crons.values()) {
        // While nobody held the shard nothing fired on time; one late fire stood for the gap.
        const gap = cronFires.filter(
          (f) => f.dueAt.getTime() > killedAt + 1_000 && f.dueAt.getTime() < tookOverAt - 1_500,
        );
        expect(gap.filter((f) => !f.late)).toEqual([]);
        expect(gap.filter((f) => f.late).length).toBeLessThanOrEqual(1);
        // From the takeover to the restart, every second fired, each once.
        const from = Math.ceil(tookOverAt / 1000) * 1000 + 1000;
        const to = Math.floor(restartedAt / 1000) * 1000 - 1000;
        expect(missedSeconds(cronFires, from, to)).toEqual([]);
      }
    },
    120_000,
  );
});
