/**
 * SDK test harness: a Trellis gRPC server (in this process, or as `main.ts` in a child
 * process) on a free loopback port with a fresh database, an API token made by the accounts
 * code, and the official SDK running in REAL child processes (examples/src/worker.ts and
 * run.ts) configured only through HATCHET_CLIENT_* variables.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { type Database, type Queryable } from '@trellis/db';
import { createTestDatabase } from '@trellis/db/testing';
import { Engine, type EngineOptions } from '@trellis/engine';
import { createApiTokenSigner } from '../../src/accounts/api-token-signer';
import { insertApiToken } from '../../src/accounts/api-token.queries';
import { insertTenant } from '../../src/accounts/tenant.queries';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { startGrpcServer, type GrpcServer } from '../../src/grpc/grpc-server';
import type { TransportLimits } from '../../src/grpc/transport/limits';

export const PUBLIC_URL = 'http://127.0.0.1:1';
const EXAMPLES = fileURLToPath(new URL('../../../../examples/src/', import.meta.url));
const TSX = fileURLToPath(
  new URL('../../../../node_modules/tsx/dist/esm/index.mjs', import.meta.url),
);

/**
 * A port a server process can listen on. Picked below the kernel's ephemeral range (32768 and
 * up on Linux), where every outgoing connection takes its local port: a port the kernel chose
 * for us there could be handed to another test's client socket before the server binds it, and
 * the server would fail to start (EADDRINUSE). Free now, as far as binding it shows.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (await canListen(port)) return port;
  }
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A tenant and an API token for it, made the way the REST routes make them. */
export async function createTenantToken(
  db: Queryable,
  grpcAddress: string,
): Promise<{ tenantId: string; token: string; tokenId: string }> {
  const slug = `sdk-${randomUUID().slice(0, 8)}`;
  const tenant = (await insertTenant(db, { name: slug, slug, version: 'V1', environment: null }))!;
  const signer = await createApiTokenSigner(db, {
    publicUrl: PUBLIC_URL,
    grpcBroadcastAddress: grpcAddress,
  });
  const row = await insertApiToken(db, {
    tenantId: tenant.id,
    name: 'sdk tests',
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  const token = await signer.sign({
    tenantId: tenant.id,
    tokenId: row.id,
    expiresAt: row.expiresAt,
  });
  return { tenantId: tenant.id, token, tokenId: row.id };
}

export interface TestServer {
  db: Database;
  engine: Engine;
  grpc: GrpcServer;
  address: string;
  tenantId: string;
  token: string;
  tokenId: string;
  close(): Promise<void>;
}

/** Engine and gRPC server in this process, on a fresh database; `limits` for the gRPC port. */
export async function startTestServer(
  engineOptions: Partial<EngineOptions> = {},
  limits: Partial<TransportLimits> = {},
): Promise<TestServer> {
  const { db, drop } = await createTestDatabase({ migrate: true });
  const port = await freePort();
  const address = `127.0.0.1:${port}`;
  const { tenantId, token, tokenId } = await createTenantToken(db, address);
  const signer = await createApiTokenSigner(db, {
    publicUrl: PUBLIC_URL,
    grpcBroadcastAddress: address,
  });
  const log = (message: string, error: unknown) => console.error(message, error);
  const engine = new Engine({ db, onError: log, ...engineOptions });
  await engine.start();
  const grpc = await startGrpcServer({ db, engine, signer, host: '127.0.0.1', port, log, limits });
  return {
    db,
    engine,
    grpc,
    address,
    tenantId,
    token,
    tokenId,
    async close() {
      const closing = grpc.close();
      await engine.close();
      await closing;
      await drop();
    },
  };
}

/**
 * The REST API over the test server's database and engine, on a free loopback port, for the
 * SDK clients that call it (events.list, filters); pass `url` as HATCHET_CLIENT_API_URL.
 */
export async function startRestServer(
  server: TestServer,
): Promise<{ url: string; close(): Promise<void> }> {
  const config = loadConfig({
    // The address the test tokens name; the SDK is pointed at `url` through its environment.
    TRELLIS_PUBLIC_URL: PUBLIC_URL,
    TRELLIS_GRPC_BROADCAST_ADDRESS: server.address,
    TRELLIS_DASHBOARD_DIR: '/nonexistent-dashboard',
  });
  const { app } = await buildApp({ db: server.db, config, engine: server.engine });
  const port = await freePort();
  await app.listen({ host: '127.0.0.1', port });
  return { url: `http://127.0.0.1:${port}`, close: () => app.close() };
}

export function sdkEnv(address: string, token: string, extra: Record<string, string> = {}) {
  return {
    ...process.env,
    HATCHET_CLIENT_TOKEN: token,
    HATCHET_CLIENT_HOST_PORT: address,
    // REST is not part of this suite: the SDK's start-up tenant lookup fails quietly.
    HATCHET_CLIENT_API_URL: PUBLIC_URL,
    HATCHET_CLIENT_TLS_STRATEGY: 'none',
    HATCHET_CLIENT_LOG_LEVEL: 'WARN',
    ...extra,
  };
}

/** A child process with its output collected line by line. */
export class SdkProcess {
  readonly lines: string[] = [];
  readonly exited: Promise<number | null>;
  private waiters: (() => void)[] = [];

  constructor(readonly child: ChildProcess) {
    let buffer = '';
    const onData = (data: Buffer) => {
      buffer += data.toString();
      const parts = buffer.split('\n');
      buffer = parts.pop()!;
      this.lines.push(...parts);
      if (process.env['SDK_TEST_VERBOSE'])
        for (const p of parts) console.log(`[${child.pid}] ${p}`);
      for (const wake of this.waiters.splice(0)) wake();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    this.exited = new Promise((resolve) =>
      child.on('exit', (code) => {
        for (const wake of this.waiters.splice(0)) wake();
        resolve(code);
      }),
    );
  }

  /** Waits for a line starting with `prefix`; returns the rest of it. */
  async waitForLine(prefix: string, timeoutMs = 60_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const line = this.lines.find((l) => l.startsWith(prefix));
      if (line !== undefined) return line.slice(prefix.length).trim();
      if (this.child.exitCode !== null || Date.now() > deadline) {
        throw new Error(
          `no "${prefix}" line (exit ${this.child.exitCode}); output:\n${this.lines.join('\n')}`,
        );
      }
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  kill(signal: NodeJS.Signals = 'SIGKILL'): void {
    if (this.child.exitCode === null) this.child.kill(signal);
  }
}

function spawnExample(script: string, args: string[], env: NodeJS.ProcessEnv): SdkProcess {
  return new SdkProcess(
    spawn(process.execPath, ['--import', TSX, `${EXAMPLES}${script}`, ...args], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
}

const processes: SdkProcess[] = [];

/** Starts examples/src/worker.ts and waits until it is registered and listening. */
export async function startWorker(
  address: string,
  token: string,
  options: { name?: string; slots?: number; logLevel?: string; env?: Record<string, string> } = {},
): Promise<SdkProcess> {
  const worker = spawnExample(
    'worker.ts',
    [],
    sdkEnv(address, token, {
      WORKER_NAME: options.name ?? 'example-worker',
      WORKER_SLOTS: String(options.slots ?? 100),
      HATCHET_CLIENT_LOG_LEVEL: options.logLevel ?? 'WARN',
      ...options.env,
    }),
  );
  processes.push(worker);
  await worker.waitForLine('WORKER READY');
  return worker;
}

/** Runs examples/src/run.ts with `args`; resolves with the process (wait for its lines). */
export function runClient(
  address: string,
  token: string,
  args: string[],
  env: Record<string, string> = {},
): SdkProcess {
  const client = spawnExample('run.ts', args, sdkEnv(address, token, env));
  processes.push(client);
  return client;
}

/** Runs a task to its end and returns the parsed RESULT, or throws with the ERROR text. */
export async function runTask(
  address: string,
  token: string,
  name: string,
  input: unknown,
  env: Record<string, string> = {},
): Promise<unknown> {
  const client = runClient(address, token, [name, JSON.stringify(input)], env);
  await client.exited;
  const result = client.lines.find((l) => l.startsWith('RESULT '));
  if (result) return JSON.parse(result.slice('RESULT '.length));
  const error = client.lines.find((l) => l.startsWith('ERROR '));
  throw new Error(
    error ? error.slice('ERROR '.length) : `client failed:\n${client.lines.join('\n')}`,
  );
}

/**
 * For a test file whose SDK clients also call the REST API: the test server and the REST API
 * over it, started before the file's tests and stopped after them. The SDK processes a test
 * started are killed after it; with `worker`, one SDK worker serves the whole file instead.
 */
export function useServerAndRest(options: { worker?: Parameters<typeof startWorker>[2] } = {}): {
  readonly server: TestServer;
  readonly restUrl: string;
} {
  let server: TestServer | undefined;
  let rest: { url: string; close(): Promise<void> } | undefined;
  beforeAll(async () => {
    server = await startTestServer();
    rest = await startRestServer(server);
    if (options.worker) await startWorker(server.address, server.token, options.worker);
  }, 120_000);
  if (!options.worker) afterEach(killAll);
  afterAll(async () => {
    await killAll();
    await rest?.close();
    await server?.close();
  });
  return {
    get server() {
      return server!;
    },
    get restUrl() {
      return rest!.url;
    },
  };
}

/** Kills every process the harness started (tests call it in afterEach). */
export async function killAll(): Promise<void> {
  const running = processes.splice(0);
  for (const p of running) p.kill();
  await Promise.all(running.map((p) => p.exited));
}

/** Polls `check` until it returns a value other than undefined. */
export async function eventually<T>(
  check: () => Promise<T | undefined>,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
