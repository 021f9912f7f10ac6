/**
 * Starts the real Trellis server (apps/server) for the browser tests: its own temporary data
 * folder (embedded PostgreSQL), free ports on 127.0.0.1, the built dashboard from
 * apps/dashboard/dist. Stopped with SIGTERM (SIGKILL if it hangs) and its folder removed.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ADMIN_EMAIL = 'admin@example.com';
export const ADMIN_PASSWORD = 'E2e-admin-passw0rd';

const serverDir = fileURLToPath(new URL('../../../server', import.meta.url));
const dashboardDist = fileURLToPath(new URL('../../dist/index.html', import.meta.url));

export interface RunningServer {
  baseUrl: string;
  /** host:port of the gRPC worker protocol, as SDK workers dial it. */
  grpcAddress: string;
  /** Its data folder (the embedded database, the email outbox). */
  dataDir: string;
  /** The last lines the server printed, for failure messages. */
  output: () => string;
  stop: () => Promise<void>;
}

/** A port nothing listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** `env` adds to (or overrides) the server's environment, for a file that needs other settings. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  if (!existsSync(dashboardDist)) {
    throw new Error(
      'The dashboard is not built: run `npm run build -w @trellis/dashboard` before the browser tests.',
    );
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'trellis-e2e-'));
  const [httpPort, grpcPort] = [await freePort(), await freePort()];
  const baseUrl = `http://127.0.0.1:${httpPort}`;
  const grpcAddress = `127.0.0.1:${grpcPort}`;
  const lines: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      TRELLIS_DATA_DIR: dataDir,
      TRELLIS_HTTP_HOST: '127.0.0.1',
      TRELLIS_HTTP_PORT: String(httpPort),
      TRELLIS_GRPC_PORT: String(grpcPort),
      TRELLIS_GRPC_BROADCAST_ADDRESS: grpcAddress,
      TRELLIS_PUBLIC_URL: baseUrl,
      TRELLIS_ADMIN_EMAIL: ADMIN_EMAIL,
      TRELLIS_ADMIN_PASSWORD: ADMIN_PASSWORD,
      TRELLIS_LOG_LEVEL: 'warn',
      // The browser tests seed their own data; the demo's worker and runs would only add load.
      TRELLIS_DEMO: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const output = () => lines.join('\n');

  const stop = async () => {
    await stopProcess(child);
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitUntilReady(baseUrl, child, output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, grpcAddress, dataDir, output, stop };
}

async function waitUntilReady(baseUrl: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`The server exited with code ${child.exitCode}:\n${output()}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/ready`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not become ready within 90 s:\n${output()}`);
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
