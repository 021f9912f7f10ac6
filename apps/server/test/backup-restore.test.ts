/**
 * Backup and restore as docs/operations.md tells operators to do them, tried on real server
 * processes (`main.ts`) with a real SDK worker: data made through REST and the SDK, a backup,
 * a restore to a new place, a server started there. The restored server must answer REST as the
 * original did (runs, a run's output, crons, API tokens, sign-in), finish the run that was still
 * queued when the backup was taken, and run new work.
 *
 * PGlite: the data folder copied with `tar` while the server is stopped, and a copy taken of a
 * running server's folder frozen at one instant (what a file-system snapshot gives). PostgreSQL
 * (only with TRELLIS_TEST_DATABASE_URL): `pg_dump -Fc` of the running server's database,
 * `pg_restore` into a new empty database.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { openDatabase, openPostgresDatabase } from '@trellis/db';
import { eventually, freePort, startWorker, type SdkProcess } from './sdk/harness';
import {
  freshServerDatabase,
  postgresUrl,
  serverEnv,
  spawnServer,
  useCleanupsAfterAll,
  type ServerDatabase,
  waitForHome,
} from './sdk/server-processes';

const run = promisify(execFile);
const cleanups = useCleanupsAfterAll();

const ADMIN = { email: 'admin@example.com', password: 'Passw0rd-for-process-tests' };
const OWNER = { name: 'Ops', email: 'ops@example.com', password: 'Passw0rd-0ps-backup' };

interface Server {
  process: SdkProcess;
  url: string;
  grpcAddress: string;
}

/** A server process on `database`, once it serves. */
async function startServer(database: ServerDatabase): Promise<Server> {
  const grpcPort = await freePort();
  const httpPort = await freePort();
  const grpcAddress = `127.0.0.1:${grpcPort}`;
  const child = spawnServer(
    {
      ...serverEnv(database, grpcAddress),
      TRELLIS_GRPC_PORT: String(grpcPort),
      TRELLIS_HTTP_PORT: String(httpPort),
    },
    cleanups,
  );
  // Generous: a start (and, after a snapshot, the WAL replay) is slow on a loaded machine.
  await child.waitForLine('  Trellis is running', 180_000);
  return { process: child, url: `http://127.0.0.1:${httpPort}`, grpcAddress };
}

async function stopServer(server: Server): Promise<void> {
  server.process.kill('SIGTERM');
  expect(await server.process.exited).toBe(0);
}

/** A PGlite data folder, whatever backend the other tests use. */
async function pgliteFolder(prefix: string): Promise<ServerDatabase & { dataDir: string }> {
  const dataDir = await mkdtemp(join(tmpdir(), `trellis-${prefix}-`));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  return { dataDir, env: { TRELLIS_DATA_DIR: dataDir }, open: () => openDatabase({ dataDir }) };
}

/** A REST caller: a bearer token, or a signed-in user's cookies with the anti-forgery header. */
class Rest {
  readonly #cookies = new Map<string, string>();

  constructor(
    readonly url: string,
    readonly bearer?: string,
  ) {}

  async call<T>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }> {
    const xsrf = this.#cookies.get('XSRF-TOKEN');
    const response = await fetch(`${this.url}${path}`, {
      method,
      headers: {
        ...(this.bearer ? { authorization: `Bearer ${this.bearer}` } : {}),
        ...(this.#cookies.size > 0
          ? { cookie: [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ') }
          : {}),
        ...(xsrf ? { 'x-xsrf-token': xsrf } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const [name, value] = pair!.split('=') as [string, string];
      this.#cookies.set(name, value);
    }
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  }

  async ok<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await this.call<T>(method, path, body);
    if (response.status >= 300) {
      throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
    }
    return response.body;
  }

  signIn(user: { email: string; password: string }) {
    return this.call('POST', '/api/v1/users/login', { email: user.email, password: user.password });
  }
}

/** What one backup holds, as the original server created it. */
interface Made {
  tenantId: string;
  token: string;
  finishedRunId: string;
  queuedRunId: string;
}

/**
 * A user owning a tenant with an API token, a run finished by a real SDK worker, a cron, and a
 * run still queued (its worker gone) when the backup is taken.
 */
async function makeData(server: Server): Promise<Made> {
  const owner = new Rest(server.url);
  await owner.ok('POST', '/api/v1/users/register', OWNER);
  const tenant = await owner.ok<{ metadata: { id: string } }>('POST', '/api/v1/tenants', {
    name: 'Backed up',
    slug: `backed-up-${randomUUID().slice(0, 8)}`,
  });
  const tenantId = tenant.metadata.id;
  const { token } = await owner.ok<{ token: string }>(
    'POST',
    `/api/v1/tenants/${tenantId}/api-tokens`,
    { name: 'worker' },
  );

  const tenantRest = new Rest(server.url, token);
  const worker = await startWorker(server.grpcAddress, token);
  const finishedRunId = await trigger(tenantRest, tenantId, 'Before The Backup');
  expect(await completed(tenantRest, finishedRunId)).toEqual({
    TransformedMessage: 'before the backup',
  });
  worker.kill();
  await worker.exited;

  await tenantRest.ok('POST', `/api/v1/tenants/${tenantId}/workflows/simple/crons`, {
    cronName: 'nightly',
    cronExpression: '0 3 * * *',
    input: { Message: 'Nightly' },
    additionalMetadata: {},
  });
  const queuedRunId = await trigger(tenantRest, tenantId, 'Queued At Backup');
  return { tenantId, token, finishedRunId, queuedRunId };
}

/** Triggers the example `simple` task through REST; returns the run's id. */
async function trigger(rest: Rest, tenantId: string, message: string): Promise<string> {
  const { run } = await rest.ok<{ run: { metadata: { id: string } } }>(
    'POST',
    `/api/v1/stable/tenants/${tenantId}/workflow-runs/trigger`,
    { workflowName: 'simple', input: { Message: message } },
  );
  return run.metadata.id;
}

/** Waits until the run has completed; returns its output. */
async function completed(rest: Rest, runId: string): Promise<unknown> {
  const run = await eventually(async () => {
    const details = await rest.ok<{ run: { status: string; output: unknown } }>(
      'GET',
      `/api/v1/stable/workflow-runs/${runId}`,
    );
    return details.run.status === 'COMPLETED' ? details.run : undefined;
  });
  return run.output;
}

async function listRuns(rest: Rest, tenantId: string) {
  const since = new Date(Date.now() - 3_600_000).toISOString();
  const list = await rest.ok<{
    rows: { metadata: { id: string }; status: string; displayName: string }[];
  }>('GET', `/api/v1/stable/tenants/${tenantId}/workflow-runs?since=${since}&only_tasks=false`);
  return list.rows.map((row) => ({
    id: row.metadata.id,
    status: row.status,
    displayName: row.displayName,
  }));
}

/** What the REST API answers about the backed-up tenant, read with its API token. */
async function tenantState(server: Server, made: Made) {
  const rest = new Rest(server.url, made.token);
  const finished = await rest.ok<{ run: { status: string; output: unknown } }>(
    'GET',
    `/api/v1/stable/workflow-runs/${made.finishedRunId}`,
  );
  const crons = await rest.ok<{
    rows: { name: string; cron: string; workflowName: string; enabled: boolean }[];
  }>('GET', `/api/v1/tenants/${made.tenantId}/workflows/crons`);
  return {
    runs: await listRuns(rest, made.tenantId),
    finished: { status: finished.run.status, output: finished.run.output },
    crons: crons.rows.map(({ name, cron, workflowName, enabled }) => ({
      name,
      cron,
      workflowName,
      enabled,
    })),
  };
}

/**
 * The restored server answers as the original did, its users sign in, and with a worker it
 * finishes the run that was queued at backup time and runs new work.
 */
async function expectRestored(
  restored: Server,
  made: Made,
  before: Awaited<ReturnType<typeof tenantState>>,
): Promise<void> {
  expect(await tenantState(restored, made)).toEqual(before);
  expect((await new Rest(restored.url).signIn(ADMIN)).status).toBe(200);
  const owner = new Rest(restored.url);
  expect((await owner.signIn(OWNER)).status).toBe(200);
  const tokens = await owner.ok<{ rows: { name: string }[] }>(
    'GET',
    `/api/v1/tenants/${made.tenantId}/api-tokens`,
  );
  expect(tokens.rows.map((row) => row.name)).toEqual(['worker']);

  // The API token made before the backup drives a worker on the restored server.
  await startWorker(restored.grpcAddress, made.token);
  const rest = new Rest(restored.url, made.token);
  expect(await completed(rest, made.queuedRunId)).toEqual({
    TransformedMessage: 'queued at backup',
  });
  const next = await trigger(rest, made.tenantId, 'After The Restore');
  expect(await completed(rest, next)).toEqual({ TransformedMessage: 'after the restore' });
}

// PGlite's folder is the same whatever backend the other tests use: tried once, in the tier
// without TRELLIS_TEST_DATABASE_URL (scripts/test.sh), not again in the PostgreSQL tier.
describe.skipIf(postgresUrl)('backup and restore on PGlite', () => {
  it('restores a data folder archived with tar while the server was stopped', async () => {
    const original = await pgliteFolder('backup');
    const server = await startServer(original);
    const made = await makeData(server);
    const before = await tenantState(server, made);

    // PGlite is one process per folder: a second server on it stops at once, saying so.
    const second = spawnServer(
      {
        ...serverEnv(original, `127.0.0.1:${await freePort()}`),
        TRELLIS_GRPC_PORT: String(await freePort()),
        TRELLIS_HTTP_PORT: String(await freePort()),
      },
      cleanups,
    );
    expect(await second.exited).toBe(1);
    expect(second.lines).toContain(
      `Trellis failed to start: The data folder ${original.dataDir} is already open in process ` +
        `${server.process.child.pid}: the embedded database (PGlite) serves one process at a ` +
        'time. Stop that process, or give this one another data folder; several server ' +
        'processes need PostgreSQL.',
    );
    await stopServer(server);

    // The commands docs/operations.md gives.
    const archive = join(original.dataDir, '..', `${randomUUID()}.tar.gz`);
    cleanups.push(() => rm(archive, { force: true }));
    await run('tar', ['-czf', archive, '-C', original.dataDir, '--exclude=./trellis.lock', '.']);
    const restoredFolder = await pgliteFolder('restored');
    await run('tar', ['-xzf', archive, '-C', restoredFolder.dataDir]);

    await expectRestored(await startServer(restoredFolder), made, before);
  }, 300_000);

  it('restores a running server’s folder copied at one instant, up to that instant', async () => {
    const original = await pgliteFolder('snapshot');
    const server = await startServer(original);
    const owner = new Rest(server.url);
    await owner.ok('POST', '/api/v1/users/register', OWNER);
    const kept = await owner.ok<{ metadata: { id: string } }>('POST', '/api/v1/tenants', {
      name: 'Kept',
      slug: 'kept',
    });

    // A stopped process changes no file: the copy holds the folder as it was at one instant,
    // as a file-system snapshot (LVM, ZFS, btrfs, a cloud disk snapshot) would. What was
    // committed is in it; the restored server recovers from the write-ahead log as after a
    // power loss.
    const copy = await pgliteFolder('snapshot-copy');
    server.process.kill('SIGSTOP');
    try {
      await cp(original.dataDir, copy.dataDir, { recursive: true });
    } finally {
      server.process.kill('SIGCONT');
    }
    const later = await owner.ok<{ metadata: { id: string } }>('POST', '/api/v1/tenants', {
      name: 'Later',
      slug: 'later',
    });

    // The copy carries the running server's lock, which would keep a server on it from
    // starting while the original runs (the documented step removes it).
    await rm(join(copy.dataDir, 'trellis.lock'));

    const restored = await startServer(copy);
    const restoredOwner = new Rest(restored.url);
    expect((await restoredOwner.signIn(OWNER)).status).toBe(200);
    const memberships = await restoredOwner.ok<{
      rows: { tenant: { metadata: { id: string } } }[];
    }>('GET', '/api/v1/users/memberships');
    expect(memberships.rows.map((row) => row.tenant.metadata.id)).toEqual([kept.metadata.id]);
    expect(memberships.rows.map((row) => row.tenant.metadata.id)).not.toContain(later.metadata.id);
    await stopServer(restored);
    await stopServer(server);
  }, 300_000);
});

describe.skipIf(!postgresUrl)('backup and restore on PostgreSQL', () => {
  it('restores a pg_dump of the running server’s database into a new database', async () => {
    const original = await freshServerDatabase('backup', cleanups);
    const server = await startServer(original);
    const made = await makeData(server);
    const before = await tenantState(server, made);

    // Taken while the server runs: pg_dump reads one MVCC snapshot.
    const dumpFile = join(await mkdtemp(join(tmpdir(), 'trellis-pgdump-')), 'trellis.dump');
    cleanups.push(() => rm(join(dumpFile, '..'), { recursive: true, force: true }));
    await run('pg_dump', ['--format=custom', `--file=${dumpFile}`, original.env['DATABASE_URL']!]);
    await stopServer(server);

    // A new, empty database, restored with the commands docs/operations.md gives.
    const name = `trellis_restored_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const admin = openPostgresDatabase({ connectionString: postgresUrl! });
    await admin.exec(`create database ${name}`);
    await admin.close();
    cleanups.push(async () => {
      const db = openPostgresDatabase({ connectionString: postgresUrl! });
      await db.exec(`drop database if exists ${name} with (force)`);
      await db.close();
    });
    const url = new URL(postgresUrl!);
    url.pathname = `/${name}`;
    await run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${url}`, dumpFile]);
    const restoredDatabase: ServerDatabase = {
      env: { DATABASE_URL: url.toString() },
      open: () => openDatabase({ databaseUrl: url.toString() }),
    };

    // The dump carries the original's shard leases: a server started on it within seconds of
    // the dump takes them once their expiry passes, and schedules the tenant from then on.
    const restored = await startServer(restoredDatabase);
    const db = await restoredDatabase.open();
    try {
      await waitForHome(db, made.tenantId, [restored.process]);
    } finally {
      await db.close();
    }
    await expectRestored(restored, made, before);
  }, 300_000);
});
