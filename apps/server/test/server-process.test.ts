import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './sdk/harness';

/**
 * The real server process as `npm start` runs it, on the embedded database in a temporary data
 * folder: first start prints the sign-in details, a restart keeps the data, SIGTERM stops it
 * cleanly, and bad configuration stops it with one line.
 */

const serverDir = new URL('..', import.meta.url).pathname;
let dataDir: string | undefined;

afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startServer(env: Record<string, string>): Running {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', TRELLIS_LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitForOutput(
  running: Running,
  pattern: RegExp,
  timeoutMs = 60_000,
): Promise<RegExpMatchArray> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = running.output().match(pattern);
    if (match) return match;
    if (running.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server never printed ${pattern}; output:\n${running.output()}`);
}

async function signIn(baseUrl: string, email: string, password: string) {
  const response = await fetch(`${baseUrl}/api/v1/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  return { status: response.status, cookie };
}

/** Waits until the demo has completed a run in the default tenant; resolves with its name. */
async function firstCompletedDemoRun(
  baseUrl: string,
  cookie: string,
  timeoutMs = 90_000,
): Promise<string> {
  const get = async <T>(path: string) =>
    (await (await fetch(`${baseUrl}${path}`, { headers: { cookie } })).json()) as T;
  const memberships = await get<{ rows: { tenant: { metadata: { id: string }; slug: string } }[] }>(
    '/api/v1/users/memberships',
  );
  const tenantId = memberships.rows.find((row) => row.tenant.slug === 'default')!.tenant.metadata
    .id;
  const since = new Date(Date.now() - 3_600_000).toISOString();
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const runs = await get<{ rows: { displayName: string; status: string }[] }>(
      `/api/v1/stable/tenants/${tenantId}/workflow-runs?since=${since}&only_tasks=false&statuses=COMPLETED`,
    );
    if (runs.rows[0]) return runs.rows[0].displayName;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the demo completed no run');
}

// Every server here runs on the embedded database whatever the tier: they run once, in the tier
// without TRELLIS_TEST_DATABASE_URL (scripts/test.sh), not again beside the browser tier.
describe.skipIf(process.env['TRELLIS_TEST_DATABASE_URL'])('server process', () => {
  it('starts on the embedded database with the demo running, prints where to sign in, keeps data across a restart and stops cleanly', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'trellis-process-'));
    const port = await freePort();
    const env = {
      TRELLIS_DATA_DIR: dataDir,
      TRELLIS_HTTP_PORT: String(port),
      TRELLIS_HTTP_HOST: '127.0.0.1',
    };
    const baseUrl = `http://localhost:${port}`;

    // The first start runs the demo (the default), as `npm start` does.
    const first = startServer({
      ...env,
      TRELLIS_GRPC_PORT: String(await freePort()),
      TRELLIS_DEMO: '1',
    });
    const [, password] = await waitForOutput(first, /password: (\S+)/);
    expect(first.output()).toContain(`sign in at ${baseUrl}/auth/login as admin@example.com`);
    expect((await fetch(`${baseUrl}/api/ready`)).status).toBe(200);
    const session = await signIn(baseUrl, 'admin@example.com', password!);
    expect(session.status).toBe(200);
    expect(await firstCompletedDemoRun(baseUrl, session.cookie)).toBeTruthy();
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('stopped cleanly');

    const second = startServer({
      ...env,
      TRELLIS_GRPC_PORT: String(await freePort()),
      TRELLIS_DEMO: '0',
    });
    await waitForOutput(second, /Trellis is running/);
    expect(second.output()).not.toContain('password:');
    expect((await signIn(baseUrl, 'admin@example.com', password!)).status).toBe(200);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 120_000);

  it('exits with an error when in-flight work outlasts the shutdown deadline', async () => {
    const stuckDir = await mkdtemp(join(tmpdir(), 'trellis-process-'));
    try {
      const port = await freePort();
      const running = startServer({
        TRELLIS_DATA_DIR: stuckDir,
        TRELLIS_HTTP_PORT: String(port),
        TRELLIS_HTTP_HOST: '127.0.0.1',
        TRELLIS_GRPC_PORT: String(await freePort()),
        TRELLIS_DEMO: '0',
        TRELLIS_SHUTDOWN_TIMEOUT_SECONDS: '2',
      });
      await waitForOutput(running, /Trellis is running/);
      // A request whose body never finishes arriving keeps its connection busy: the server
      // cannot finish it, so only the deadline ends the stop.
      const socket = connect(port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.write(
        'POST /api/v1/users/login HTTP/1.1\r\nHost: localhost\r\n' +
          'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":',
      );
      running.child.kill('SIGTERM');
      expect(await running.exited).toBe(1);
      expect(running.output()).toContain('in-flight work did not finish within 2 s; exiting');
      socket.destroy();
    } finally {
      await rm(stuckDir, { recursive: true, force: true });
    }
    // A start on a fresh data folder (migrations, first partitions) is slow on a loaded machine.
  }, 120_000);

  it('refuses bad configuration with one line naming the setting', async () => {
    const running = startServer({ TRELLIS_HTTP_PORT: 'eighty', TRELLIS_DEMO: '0' });
    expect(await running.exited).toBe(1);
    expect(running.output().trim()).toBe(
      'Invalid configuration: TRELLIS_HTTP_PORT must be a port number (got "eighty")',
    );
  }, 60_000);
});
