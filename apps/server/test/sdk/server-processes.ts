/**
 * The real server (`main.ts`) in child processes, for the tests that kill and restart it: a
 * fresh database for them (a PGlite folder, or a new PostgreSQL database when
 * TRELLIS_TEST_DATABASE_URL is set) and a process started on it.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { connect, createServer, type Socket } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, openPostgresDatabase, type Database } from '@trellis/db';
import { shardLeaseName, shardOfTenant } from '@trellis/engine';
import { afterAll } from 'vitest';
import { freePort, killAll, PUBLIC_URL, SdkProcess } from './harness';

const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));
const TSX = fileURLToPath(
  new URL('../../../../node_modules/tsx/dist/esm/index.mjs', import.meta.url),
);

export const postgresUrl = process.env['TRELLIS_TEST_DATABASE_URL'];

export interface ServerDatabase {
  /** The server's environment for it (DATABASE_URL or TRELLIS_DATA_DIR). */
  env: Record<string, string>;
  open(): Promise<Database>;
}

/** A fresh place for the servers' data; `cleanups` gets what removes it. */
export async function freshServerDatabase(
  prefix: string,
  cleanups: (() => Promise<void>)[],
): Promise<ServerDatabase> {
  if (postgresUrl) {
    const name = `trellis_${prefix}_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
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
  const dataDir = await mkdtemp(join(tmpdir(), `trellis-${prefix}-`));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  return { env: { TRELLIS_DATA_DIR: dataDir }, open: () => openDatabase({ dataDir }) };
}

/**
 * A test server's environment on `database`: loopback only, API tokens naming `grpcAddress`,
 * no dashboard and no demo tenant (the database holds only the test's runs). Ports are added
 * per process.
 */
export function serverEnv(database: ServerDatabase, grpcAddress: string): Record<string, string> {
  return {
    ...database.env,
    TRELLIS_HTTP_HOST: '127.0.0.1',
    TRELLIS_PUBLIC_URL: PUBLIC_URL,
    TRELLIS_GRPC_BROADCAST_ADDRESS: grpcAddress,
    TRELLIS_DASHBOARD_DIR: '/nonexistent-dashboard',
    TRELLIS_ADMIN_PASSWORD: 'Passw0rd-for-process-tests',
    TRELLIS_LOG_LEVEL: 'warn',
    TRELLIS_DEMO: '0',
  };
}

/**
 * The cleanups of a file whose tests start servers: run after all of them, once the SDK
 * processes are killed (servers and databases go last, in reverse order of creation).
 */
export function useCleanupsAfterAll(): (() => Promise<void>)[] {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    await killAll();
    for (const cleanup of cleanups.reverse()) await cleanup();
  });
  return cleanups;
}

/** `main.ts` with `env`; `cleanups` gets what kills it. */
export function spawnServer(
  env: Record<string, string>,
  cleanups: (() => Promise<void>)[],
): SdkProcess {
  const server = new SdkProcess(
    spawn(process.execPath, ['--import', TSX, MAIN], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  cleanups.push(async () => {
    server.kill();
    await server.exited;
  });
  return server;
}

/**
 * Which of `servers` schedules the tenant now: the holder of its shard's live lease (a holder
 * is named `host:pid:random`). Undefined while nobody does (a takeover under way).
 */
export async function homeOf(
  db: Database,
  tenantId: string,
  servers: readonly SdkProcess[],
): Promise<SdkProcess | undefined> {
  const { rows } = await db.query<{ holder: string }>(
    `SELECT holder FROM engine_leases WHERE name = $1 AND expires_at > now()`,
    [shardLeaseName(shardOfTenant(tenantId))],
  );
  const pid = Number(rows[0]?.holder.split(':').at(-2));
  return servers.find((server) => server.child.pid === pid);
}

/** Waits until one of `servers` schedules the tenant; resolves with it. */
export async function waitForHome(
  db: Database,
  tenantId: string,
  servers: readonly SdkProcess[],
  timeoutMs = 60_000,
): Promise<SdkProcess> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const home = await homeOf(db, tenantId, servers);
    if (home) return home;
    if (Date.now() > deadline) throw new Error(`no process took tenant ${tenantId} over`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * What a load balancer in front of several server processes does for gRPC, reduced to its
 * core: each connection goes to the first of `ports` that accepts it (which relays each call to
 * the process that schedules its tenant), and when that process is killed the SDK's
 * reconnections go to the next.
 */
export async function startFailoverProxy(
  ports: readonly number[],
  cleanups: (() => Promise<void>)[],
): Promise<number> {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.pause();
    const tryPort = (index: number) => {
      if (index >= ports.length) {
        client.destroy();
        return;
      }
      const upstream = connect(ports[index]!, '127.0.0.1');
      upstream.once('error', () => tryPort(index + 1));
      upstream.once('connect', () => {
        upstream.removeAllListeners('error');
        upstream.on('error', () => client.destroy());
        client.on('error', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
        client.on('close', () => upstream.destroy());
        client.pipe(upstream).pipe(client);
        client.resume();
      });
    };
    tryPort(0);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  );
  return port;
}
