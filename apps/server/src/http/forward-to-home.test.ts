/**
 * Two server processes on one database, over real HTTP: A's tenantHome says the tenant lives at
 * B, so A authenticates requests about it and B answers them. B records what reaches it (and
 * the body bytes it reads) to tell who served what.
 */
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '@trellis/db';
import { createTestDatabase } from '@trellis/db/testing';
import { Engine } from '@trellis/engine';
import { openLiveStream } from '../../test/live-stream';
import { createApiToken, registerOwner, TEST_PUBLIC_URL } from '../../test/test-app';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { ServerContext } from './server-context';

interface Process {
  app: FastifyInstance;
  engine: Engine;
  base: string;
}

let db: Database;
let drop: () => Promise<void>;
/** The processes' data folder (the email outbox of sign-ups). */
let dataDir: string;
let a: Process;
let b: Process;
/** Where A says the tenant lives; 'here' while the fixtures are made. */
let home: 'here' | string | undefined = 'here';
/** What reached B: method and URL, forwarded mark, and the body bytes it read. */
const onB: { request: string; forwarded: string | undefined; body?: Buffer }[] = [];
let bLiveClosed = false;
/** The requests whose bodies A read. */
const parsedOnA: string[] = [];
let owner: Awaited<ReturnType<typeof registerOwner>>;
let token: string;

async function startProcess(tenantHome: ServerContext['tenantHome']): Promise<Process> {
  const config = loadConfig({
    TRELLIS_DATA_DIR: dataDir,
    TRELLIS_PUBLIC_URL: TEST_PUBLIC_URL,
    TRELLIS_GRPC_BROADCAST_ADDRESS: 'trellis.test:7070',
    TRELLIS_DASHBOARD_DIR: '/nonexistent-dashboard',
  });
  const engine = new Engine({ db, onError: () => {} });
  await engine.start();
  const { app } = await buildApp({ db, config, engine, validateResponses: true, tenantHome });
  return { app, engine, base: '' };
}

/** Records on B every request and the bytes its body parsers read. */
function recordRequests(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const header = request.headers['x-trellis-forwarded'];
    onB.push({ request: `${request.method} ${request.url}`, forwarded: header?.toString() });
    if (request.url.endsWith('/live')) reply.raw.on('close', () => (bLiveClosed = true));
  });
  app.addHook('preParsing', async (_request, _reply, payload) => {
    const entry = onB.at(-1)!;
    const chunks: Buffer[] = [];
    const tap = new PassThrough();
    tap.on('data', (chunk: Buffer) => chunks.push(chunk));
    tap.on('end', () => (entry.body = Buffer.concat(chunks)));
    return payload.pipe(tap);
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-test-served-by', 'B');
  });
}

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase({ migrate: true }));
  dataDir = mkdtempSync(join(tmpdir(), 'trellis-forward-'));
  b = await startProcess(async () => 'here');
  recordRequests(b.app);
  b.base = await b.app.listen({ port: 0, host: '127.0.0.1' });
  a = await startProcess(async () => home);
  a.app.addHook('preParsing', async (request) => void parsedOnA.push(request.url));
  a.base = await a.app.listen({ port: 0, host: '127.0.0.1' });
  owner = await registerOwner(a.app);
  token = await createApiToken(owner);
  home = new URL(b.base).host;
});
afterAll(async () => {
  for (const { app, engine } of [a, b]) {
    await app.close();
    await engine.close();
  }
  await drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const tenantPath = (rest: string) => `/api/v1/stable/tenants/${owner.tenantId}${rest}`;
const viaA = (path: string, init: RequestInit = {}) =>
  fetch(`${a.base}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...init.headers },
  });
/** Runs `request`, and answers what of it reached B. */
async function reachingB(request: () => Promise<Response>) {
  const before = onB.length;
  const response = await request();
  return { response, onB: onB.slice(before) };
}

describe('a tenant served by another process', () => {
  it('forwards a tenant GET to the home, marked, and streams its answer back', async () => {
    const { response, onB } = await reachingB(() => viaA(tenantPath('/webhooks')));
    expect(response.status).toBe(200);
    expect(response.headers.get('x-test-served-by')).toBe('B');
    expect(await response.json()).toEqual({ rows: [] });
    expect(onB).toEqual([
      { request: `GET ${tenantPath('/webhooks')}`, forwarded: '1', body: Buffer.alloc(0) },
    ]);
  });

  it('forwards a POST with the JSON body byte for byte', async () => {
    // Spacing and key order that re-serialising would change.
    const body = `{ "sourceName":"GENERIC",  "name": "forwarded",\n "eventKeyExpression": "'k'", "authType": "API_KEY", "auth": {"headerName": "x-api-key", "apiKey": "key"} }`;
    const { response, onB } = await reachingB(() =>
      viaA(tenantPath('/webhooks'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('x-test-served-by')).toBe('B');
    expect(await response.json()).toMatchObject({ name: 'forwarded' });
    expect(onB).toHaveLength(1);
    expect(onB[0]!.body?.toString()).toBe(body);
  });

  it('forwards a webhook delivery unread, so that its signature verifies at the home', async () => {
    const created = await viaA(tenantPath('/webhooks'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'signed',
        sourceName: 'GITHUB',
        eventKeyExpression: "'github:push'",
        authType: 'HMAC',
        auth: {
          algorithm: 'SHA256',
          encoding: 'HEX',
          signatureHeaderName: 'unused',
          signingSecret: 'gh-secret',
        },
      }),
    });
    expect(created.status).toBe(200);
    const delivery = '{"ref":  "main",\n"n": 1}';
    const signature = createHmac('sha256', 'gh-secret').update(delivery).digest('hex');
    const { response, onB } = await reachingB(() =>
      fetch(`${a.base}${tenantPath('/webhooks/signed')}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-hub-signature-256': `sha256=${signature}`,
        },
        body: delivery,
      }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      message: 'ok',
      event: { key: 'github:push', payload: { ref: 'main', n: 1 } },
    });
    expect(onB.map((entry) => entry.body?.toString())).toEqual([delivery]);
    // Passed on before A looked at it, and A did nothing more with it.
    expect(parsedOnA).not.toContain(tenantPath('/webhooks/signed'));
  });

  it('forwards an SNS delivery to the home', async () => {
    const path = `/api/v1/sns/${owner.tenantId}/orders`;
    const { onB } = await reachingB(() =>
      fetch(`${a.base}${path}`, { method: 'POST', body: '{"Type": "Notification"}' }),
    );
    expect(onB.map((entry) => entry.request)).toEqual([`POST ${path}`]);
  });

  it('streams the live feed through, and closes it at the home when the client leaves', async () => {
    bLiveClosed = false;
    // A stale event id gets `reset` at once, while the stream stays open.
    const stream = await openLiveStream(a.base, owner.tenantId, token, 'stale:1');
    expect(await stream.next((event) => event.event === 'reset')).toMatchObject({ data: '{}' });
    expect(bLiveClosed).toBe(false);
    await stream.close();
    await vi.waitFor(() => expect(bLiveClosed).toBe(true), { timeout: 10_000 });
  });
});

describe('served where it arrives', () => {
  it('a request already forwarded once', async () => {
    const { response, onB } = await reachingB(() =>
      viaA(tenantPath('/webhooks'), { headers: { 'x-trellis-forwarded': '1' } }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('x-test-served-by')).toBeNull();
    expect(onB).toEqual([]);
  });

  it('an unauthenticated request, refused', async () => {
    const { response, onB } = await reachingB(() => fetch(`${a.base}${tenantPath('/webhooks')}`));
    expect(response.status).toBe(403);
    expect(onB).toEqual([]);
  });

  it('requests about no tenant', async () => {
    const { response, onB } = await reachingB(() => viaA('/api/v1/meta'));
    expect(response.status).toBe(200);
    const tenants = await reachingB(() =>
      fetch(`${a.base}/api/v1/users/memberships`, {
        headers: { cookie: [...owner.client.cookies].map(([n, v]) => `${n}=${v}`).join('; ') },
      }),
    );
    expect(tenants.response.status).toBe(200);
    expect([...onB, ...tenants.onB]).toEqual([]);
  });
});

describe('no home to forward to', () => {
  async function expectRetryLater(response: Response) {
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('1');
    expect(await response.json()).toEqual({
      errors: [{ description: expect.stringMatching(/server process .* retry/) as unknown }],
    });
  }

  it('answers 503 while no process serves the tenant', async () => {
    home = undefined;
    try {
      await expectRetryLater(await viaA(tenantPath('/webhooks')));
      await expectRetryLater(
        await fetch(`${a.base}${tenantPath('/webhooks/signed')}`, { method: 'POST', body: '{}' }),
      );
    } finally {
      home = new URL(b.base).host;
    }
  });

  it('answers 503 when the home cannot be reached', async () => {
    // A port that was just free: nothing listens there.
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    home = `127.0.0.1:${port}`;
    try {
      await expectRetryLater(await viaA(tenantPath('/webhooks')));
    } finally {
      home = new URL(b.base).host;
    }
  });
});
