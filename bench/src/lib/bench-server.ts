/**
 * What the benchmarks that drive the real server share: a fresh database per backend, the
 * server process (`apps/server/src/main.ts`, no demo) signed into as its admin with an API
 * token for SDK processes, the results files, and the process's start and end.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePorts, killAllNow, spawnTs, type Child } from './child';
import { RestSession } from './rest-session';

const RESULTS = fileURLToPath(new URL('../../results/', import.meta.url));
const ADMIN_EMAIL = 'bench@example.com';
const ADMIN_PASSWORD = 'Bench-Passw0rd';

export type Backend = 'pglite' | 'postgres';

export interface BenchServer {
  server: Child;
  baseUrl: string;
  session: RestSession;
  /** HATCHET_CLIENT_* for SDK processes, with an API token of the admin's tenant. */
  sdkEnv: NodeJS.ProcessEnv;
  /** How to open the database afterwards (openDatabase), once the server stopped. */
  databaseOptions: { databaseUrl: string } | { dataDir: string };
  /** The PostgreSQL database's name, for its CPU (postgresCpu); '' on PGlite. */
  databaseName: string;
}

/**
 * A fresh database (PGlite in `tmp`, or a new PostgreSQL database dropped by a cleanup pushed
 * on `cleanups`) and the server on it.
 */
export async function startBenchServer(options: {
  backend: Backend;
  tmp: string;
  admin?: pg.Client | undefined;
  postgresUrl: string;
  name: string;
  verbose: boolean;
  cleanups: (() => Promise<void>)[];
  env?: NodeJS.ProcessEnv;
}): Promise<BenchServer> {
  let databaseUrl = '';
  let databaseName = '';
  if (options.backend === 'postgres') {
    databaseName = `trellis_bench_${options.name}_${Date.now()}`;
    await options.admin!.query(`CREATE DATABASE ${databaseName}`);
    options.cleanups.push(async () => {
      await options.admin!.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    });
    const url = new URL(options.postgresUrl);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
  }
  const [httpPort, grpcPort] = await freePorts(2);
  const baseUrl = `http://127.0.0.1:${httpPort}`;
  const server = spawnTs('server', 'apps/server/src/main.ts', [], {
    env: {
      ...process.env,
      TRELLIS_HTTP_PORT: String(httpPort),
      TRELLIS_HTTP_HOST: '127.0.0.1',
      TRELLIS_GRPC_PORT: String(grpcPort),
      TRELLIS_GRPC_BROADCAST_ADDRESS: `127.0.0.1:${grpcPort}`,
      TRELLIS_PUBLIC_URL: baseUrl,
      TRELLIS_DATA_DIR: join(options.tmp, 'data'),
      TRELLIS_ADMIN_EMAIL: ADMIN_EMAIL,
      TRELLIS_ADMIN_PASSWORD: ADMIN_PASSWORD,
      TRELLIS_LOG_LEVEL: 'warn',
      TRELLIS_DEMO: '0',
      DATABASE_URL: databaseUrl,
      ...options.env,
    },
    echo: echoer(options.verbose),
  });
  await server.waitForLine((l) => l.includes('Trellis is running'), 120_000);
  const session = await RestSession.signIn(baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
  const token = await session.createApiToken(`${options.name} benchmark`);
  return {
    server,
    baseUrl,
    session,
    sdkEnv: {
      ...process.env,
      HATCHET_CLIENT_TOKEN: token,
      HATCHET_CLIENT_HOST_PORT: `127.0.0.1:${grpcPort}`,
      HATCHET_CLIENT_API_URL: baseUrl,
      HATCHET_CLIENT_TLS_STRATEGY: 'none',
      HATCHET_CLIENT_LOG_LEVEL: 'WARN',
    },
    databaseOptions: databaseUrl ? { databaseUrl } : { dataDir: join(options.tmp, 'data') },
    databaseName,
  };
}

/** A benchmark's progress line, stamped with the time of day (UTC). */
export function log(message: string): void {
  console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);
}

/** What a child process prints that the benchmark shows: everything, or only trouble. */
export function echoer(verbose: boolean): (line: string) => boolean {
  return (line) => verbose || /error|fatal|failed/i.test(line);
}

/** Writes `results/<date>-<time>-<kind>.json` and `.md`; returns their stem. */
export function writeResults(kind: string, json: unknown, markdown: string): string {
  mkdirSync(RESULTS, { recursive: true });
  const stamp = new Date().toISOString().slice(0, 16).replace('T', '-').replace(':', '');
  writeFileSync(join(RESULTS, `${stamp}-${kind}.json`), JSON.stringify(json, null, 2));
  writeFileSync(join(RESULTS, `${stamp}-${kind}.md`), markdown);
  return `results/${stamp}-${kind}`;
}

/**
 * The command-line options every end-to-end benchmark takes (node:util parseArgs): which
 * backends, the PostgreSQL server's admin database, whether to write results, and whether to
 * echo the processes' output. Each benchmark adds its own beside them.
 */
export const BENCH_OPTIONS = {
  backends: { type: 'string', default: 'pglite,postgres' },
  'postgres-url': { type: 'string', default: 'postgres://root@127.0.0.1:5432/postgres' },
  'no-write': { type: 'boolean', default: false },
  verbose: { type: 'boolean', default: false },
} as const;

/**
 * Runs `run` on each backend in turn, with a connection to the PostgreSQL server's admin
 * database for those that need one (to create and drop their databases).
 */
export async function forEachBackend<R>(
  backends: readonly Backend[],
  postgresUrl: string,
  run: (backend: Backend, admin: pg.Client | undefined) => Promise<R>,
): Promise<R[]> {
  let admin: pg.Client | undefined;
  if (backends.includes('postgres')) {
    admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
  }
  const results: R[] = [];
  try {
    for (const backend of backends) results.push(await run(backend, admin));
  } finally {
    await admin?.end();
  }
  return results;
}

/** Runs a benchmark's main: its children die with it on Ctrl-C or failure. */
export function runBench(main: () => Promise<void>): void {
  process.on('SIGINT', () => {
    killAllNow();
    process.exit(130);
  });
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error('[bench] failed:', error);
      killAllNow();
      process.exit(1);
    },
  );
}
