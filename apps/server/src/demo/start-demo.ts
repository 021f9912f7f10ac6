import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Queryable } from '@trellis/db';
import type { ApiTokenSigner } from '../accounts/api-token-signer';
import { findInternalApiToken, insertApiToken } from '../accounts/api-token.queries';
import { findTenantBySlug } from '../accounts/tenant.queries';

const REPOSITORY_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const DEMO_SCRIPT = fileURLToPath(new URL('../../../../examples/src/demo.ts', import.meta.url));
/** The demo's token lasts a year and is replaced when less than a month is left. */
const DEMO_TOKEN_TTL_MS = 365 * 24 * 3_600_000;
const DEMO_TOKEN_MIN_REMAINING_MS = 30 * 24 * 3_600_000;
/** How long the demo gets to stop its worker before it is killed. */
const STOP_GRACE_MS = 5_000;

export interface Demo {
  stop(): Promise<void>;
}

/**
 * Runs the examples (one worker and a trickle of runs) against the default tenant, in a child
 * process that speaks the worker protocol like any SDK app. Its API token is internal: hidden
 * from token lists and not revocable by users.
 */
export async function startDemo(options: {
  db: Queryable;
  signer: ApiTokenSigner;
  httpPort: number;
  grpcPort: number;
  log: (message: string) => void;
}): Promise<Demo | undefined> {
  const tenant = await findTenantBySlug(options.db, 'default');
  if (!tenant) {
    options.log('demo not started: there is no tenant with the slug "default"');
    return undefined;
  }
  const row =
    (await findInternalApiToken(
      options.db,
      tenant.id,
      'demo',
      new Date(Date.now() + DEMO_TOKEN_MIN_REMAINING_MS),
    )) ??
    (await insertApiToken(options.db, {
      tenantId: tenant.id,
      name: 'demo',
      expiresAt: new Date(Date.now() + DEMO_TOKEN_TTL_MS),
      internal: true,
    }));
  const token = await options.signer.sign({
    tenantId: tenant.id,
    tokenId: row.id,
    expiresAt: row.expiresAt,
  });
  const child = spawn(process.execPath, ['--import', 'tsx', DEMO_SCRIPT], {
    cwd: REPOSITORY_ROOT,
    env: {
      HATCHET_CLIENT_TOKEN: token,
      HATCHET_CLIENT_TLS_STRATEGY: 'none',
      HATCHET_CLIENT_HOST_PORT: `127.0.0.1:${options.grpcPort}`,
      HATCHET_CLIENT_API_URL: `http://127.0.0.1:${options.httpPort}`,
      HATCHET_CLIENT_LOG_LEVEL: 'WARN',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const relay = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n'))
      if (line.trim()) options.log(`demo: ${line.trim()}`);
  };
  child.stdout!.on('data', relay);
  child.stderr!.on('data', relay);
  child.on('exit', (code, signal) => options.log(`demo exited (${signal ?? `code ${code}`})`));
  return { stop: () => stopChild(child) };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
  await exited;
  clearTimeout(timer);
}
