/**
 * Crons fire exactly once with real server processes (`main.ts`): across a SIGKILL and a
 * restart (a fire missed while down fires once, late; the misses before it are not replayed),
 * and, on PostgreSQL, with two server processes on one database firing the same crons while
 * one of them is killed and started again. Counted from the runs: every due second once.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate, openDatabase, openPostgresDatabase, type Database } from '@trellis/db';
import { createTenantToken, freePort, PUBLIC_URL, SdkProcess } from './harness';

const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));
const TSX = fileURLToPath(
  new URL('../../../../node_modules/tsx/dist/esm/index.mjs', import.meta.url),
);
const CRONS = 20;
const postgresUrl = process.env['TRELLIS_TEST_DATABASE_URL'];

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A fresh place for the servers' data: a PGlite folder, or a new PostgreSQL database. */
async function freshDatabase(): Promise<{
  env: Record<string, string>;
  open(): Promise<Database>;
}> {
  if (postgresUrl) {
    const name = `trellis_crons_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const admin = openPostgresDatabase({ connectionString: postgresUrl });
    await admin.exec(`create database ${name}`);
    await admin.close();
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    cleanups.push(async () => {
      const db = openPostgresDatabase({ connectionString: postgresUrl });
      await db.exec(`drop database if exists ${name} with (force)`);
      await db.close();
    });
    return {
      env: { DATABASE_URL: url.toString() },
      open: async () => openDatabase({ databaseUrl: url.toString() }),
    };
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'trellis-crons-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  return { env: { TRELLIS_DATA_DIR: dataDir }, open: () => openDatabase({ dataDir }) };
}

interface Setup {
  env: Record<string, string>;
  tenantId: string;
  token: string;
  database: Awaited<ReturnType<typeof freshDatabase>>;
}

/** A migrated database with a tenant, an API token, a workflow and CRONS every-second crons. */
async function prepare(): Promise<Setup> {
  const database = await freshDatabase();
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
      env: {
        ...database.env,
        TRELLIS_HTTP_HOST: '127.0.0.1',
        TRELLIS_PUBLIC_URL: PUBLIC_URL,
        TRELLIS_GRPC_BROADCAST_ADDRESS: grpcAddress,
        TRELLIS_DASHBOARD_DIR: '/nonexistent-dashboard',
        TRELLIS_ADMIN_PASSWORD: 'Passw0rd-for-cron-tests',
        TRELLIS_LOG_LEVEL: 'warn',
        TRELLIS_DEMO: '0',
      },
    };
  } finally {
    await db.close();
  }
}

async function startServer(setup: Setup): Promise<SdkProcess> {
  const server = new SdkProcess(
    spawn(process.execPath, ['--import', TSX, MAIN], {
      env: {
        ...process.env,
        ...setup.env,
        TRELLIS_GRPC_PORT: String(await freePort()),
        TRELLIS_HTTP_PORT: String(await freePort()),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  cleanups.push(async () => {
    server.kill();
    await server.exited;
  });
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
    'fire each due second once with two server processes on one database, one killed and restarted',
    async () => {
      const setup = await prepare();
      const first = await startServer(setup);
      let second = await startServer(setup);
      const bothUp = Date.now();
      await sleep(3_000);
      second.kill('SIGKILL');
      await second.exited;
      await sleep(2_000);
      second = await startServer(setup);
      await sleep(3_000);
      const stoppedAt = Date.now();
      first.kill('SIGTERM');
      second.kill('SIGTERM');
      expect([await first.exited, await second.exited]).toEqual([0, 0]);

      const all = await fires(setup);
      expect(all.filter((f) => f.runs !== 1)).toEqual([]);
      const crons = byCron(all);
      expect(crons.size).toBe(CRONS);
      // One server was up throughout: every second of the window fired, each once, on time.
      const from = Math.ceil(bothUp / 1000) * 1000 + 1000;
      const to = Math.floor(stoppedAt / 1000) * 1000 - 1000;
      for (const cronFires of crons.values()) {
        expect(missedSeconds(cronFires, from, to)).toEqual([]);
        expect(cronFires.filter((f) => f.late && f.dueAt.getTime() >= from)).toEqual([]);
      }
    },
    120_000,
  );
});
