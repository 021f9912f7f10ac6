/**
 * Fuzzes every REST endpoint of the contract (and the webhook delivery route documented beside
 * it) with requests generated from its schemas (./contract-requests.ts), against the real app
 * on a fresh database with one of every resource a path can name. Properties, for every case:
 * - never a 5xx;
 * - every 4xx answers the API's error body;
 * - a refused request leaves the database fingerprint (./database-fingerprint.ts) as it was.
 */
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints, apiErrorsSchema, v1WebhookReceive } from '@trellis/api-contract';
import {
  createApiToken,
  createTenantFixture,
  PASSWORD,
  startTestApp,
  type TestApp,
} from '../test-app';
import { requestsTo, type FuzzRequest } from './contract-requests';
import { createFingerprinter, type Fingerprint } from './database-fingerprint';
import { fuzzParameters, fuzzSummary, fuzzTimeout } from './fuzz-settings';

const CI_RUNS = 4_000;
const ENDPOINTS = [...allEndpoints, v1WebhookReceive];

let t: TestApp;
let fixture: Awaited<ReturnType<typeof createTenantFixture>>;
let token: string;
let fingerprint: () => Promise<Fingerprint>;
/** The fingerprint after the last case, when it passed; a failed case leaves it unknown. */
let baseline: Fingerprint | undefined;
let nextAddress = 0;

beforeAll(async () => {
  t = await startTestApp();
  fixture = await createTenantFixture(t.app, t.engine);
  // A token of its own: the fixture's may be revoked by a case (its id is a path value).
  token = await createApiToken(fixture.owner, 'fuzzer');
  fingerprint = await createFingerprinter(t.db);
});
afterAll(async () => t.close());

function headersFor(request: FuzzRequest): Record<string, string> {
  const cookies = fixture.owner.client.cookies;
  const cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  // Each case its own client address, so that rate limits refuse only what a burst would.
  const address = `10.200.${(nextAddress >> 8) & 255}.${nextAddress++ & 255}`;
  const headers: Record<string, string> = { 'x-forwarded-for': address };
  if (request.contentType !== undefined) headers['content-type'] = request.contentType;
  if (request.credentials === 'session' || request.credentials === 'session-without-xsrf') {
    headers['cookie'] = cookie;
  }
  if (request.credentials === 'session') headers['x-xsrf-token'] = cookies.get('XSRF-TOKEN')!;
  if (request.credentials === 'token') headers['authorization'] = `Bearer ${token}`;
  return headers;
}

async function send(request: FuzzRequest): Promise<{ status: number; body: string }> {
  const endpoint = ENDPOINTS.find((candidate) => candidate.operationId === request.operationId);
  const options: InjectOptions = {
    method: request.method as InjectOptions['method'],
    url: request.url,
    headers: headersFor(request),
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  };
  if (!endpoint?.eventStream) {
    const response = await t.app.inject(options);
    return { status: response.statusCode, body: response.body };
  }
  // An accepted event stream never ends by itself: hang up as soon as it is open.
  const response = await t.app.inject({ ...options, payloadAsStream: true });
  const stream = response.stream();
  if (response.statusCode === 200) {
    response.raw.res.destroy();
    return { status: 200, body: '' };
  }
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return { status: response.statusCode, body: Buffer.concat(chunks).toString() };
}

/** Waits until what an accepted request set off in the engine has reached the database. */
async function settledFingerprint(): Promise<Fingerprint> {
  let last = await fingerprint();
  for (let attempt = 0; attempt < 40; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    const next = await fingerprint();
    if (isDeepStrictEqual(next, last)) return next;
    last = next;
  }
  return last;
}

/** Signs the owner in again if an accepted case ended the session (sign-out). */
async function keepSignedIn(): Promise<void> {
  const current = await fixture.owner.client.get('/api/v1/users/current');
  if (current.status === 200) return;
  const login = await fixture.owner.client.post('/api/v1/users/login', {
    email: fixture.owner.email,
    password: PASSWORD,
  });
  expect(login.status, 'signing the owner in again').toBe(200);
}

function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  return Object.keys({ ...before, ...after }).filter((table) => before[table] !== after[table]);
}

async function checkCase(request: FuzzRequest): Promise<void> {
  const before = baseline ?? (await fingerprint());
  baseline = undefined;
  const response = await send(request);
  const where = `${request.method} ${request.url.slice(0, 300)} → ${response.status} ${response.body.slice(0, 500)}`;
  expect(response.status, where).toBeLessThan(500);
  if (response.status >= 400) {
    let body: unknown;
    expect(() => (body = JSON.parse(response.body)), where).not.toThrow();
    const errors = apiErrorsSchema.safeParse(body);
    expect(errors.success, where).toBe(true);
    expect(errors.data!.errors.length, where).toBeGreaterThan(0);
    const after = await fingerprint();
    expect(changedTables(before, after), `tables changed by a refused ${where}`).toEqual([]);
    baseline = after;
    return;
  }
  if (request.method !== 'GET') await keepSignedIn();
  baseline = request.method === 'GET' ? await fingerprint() : await settledFingerprint();
}

describe('every REST endpoint under hostile input', () => {
  it(
    'answers generated requests without a 5xx, in the error shape, changing nothing it refuses',
    async () => {
      const requests = fc.oneof(...ENDPOINTS.map((endpoint) => requestsTo(endpoint, fixture.ids)));
      const parameters = fuzzParameters<[FuzzRequest]>(CI_RUNS);
      const started = { wall: Date.now(), cpu: process.cpuUsage() };
      await fc.assert(fc.asyncProperty(requests, checkCase), parameters);
      console.log(fuzzSummary('REST', parameters.numRuns!, started));
    },
    fuzzTimeout(CI_RUNS, 10),
  );
});

/** What the fuzzer found, kept as plain cases of the same properties. */
describe('requests the fuzzer found answered with a 5xx or out of the error shape', () => {
  const tenantPath = () => `/api/v1/tenants/${fixture.ids['tenant']}`;
  const found: [string, () => FuzzRequest][] = [
    [
      'a path segment over the router limit (Fastify answered 414 in its own shape)',
      () => ({
        operationId: 'tenantInviteCreate',
        method: 'POST',
        url: `/api/v1/tenants/${'x'.repeat(300)}/invites`,
        credentials: 'session',
        payload: '{}',
        contentType: 'application/json',
      }),
    ],
    [
      'a NUL byte in a query value (PostgreSQL refuses it: 500)',
      () => ({
        operationId: 'rateLimitDelete',
        method: 'DELETE',
        url: `${tenantPath()}/rate-limits?key=a%00b`,
        credentials: 'token',
      }),
    ],
    [
      'an unpaired surrogate in a JSON input (jsonb refuses it: the engine tick failed)',
      () => ({
        operationId: 'eventCreate',
        method: 'POST',
        url: `${tenantPath()}/events`,
        credentials: 'token',
        payload: '{"key": "k", "data": {"a": "\\ud800"}}',
        contentType: 'application/json',
      }),
    ],
    [
      'a number past the double range in an input (stored as null: the engine tick failed)',
      () => ({
        operationId: 'v1WorkflowRunCreate',
        method: 'POST',
        url: `/api/v1/stable/tenants/${fixture.ids['tenant']}/workflow-runs/trigger`,
        credentials: 'token',
        payload: '{"workflowName": "fixture-workflow", "input": {"n": 1e999}}',
        contentType: 'application/json',
      }),
    ],
    [
      'an input nested thousands of levels deep (JSON.stringify overflowed in the engine)',
      () => ({
        operationId: 'v1WorkflowRunCreate',
        method: 'POST',
        url: `/api/v1/stable/tenants/${fixture.ids['tenant']}/workflow-runs/trigger`,
        credentials: 'token',
        payload: `{"workflowName": "fixture-workflow", "input": ${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}}`,
        contentType: 'application/json',
      }),
    ],
    [
      'an attempt number past PostgreSQL integer (the comparison failed: 500)',
      () => ({
        operationId: 'v1LogLineList',
        method: 'GET',
        url: `/api/v1/stable/tasks/${fixture.ids['task']}/logs?attempt=9007199254740991`,
        credentials: 'token',
      }),
    ],
    [
      'a NUL byte as the name of the webhook a delivery is for (500)',
      () => ({
        operationId: 'v1WebhookReceive',
        method: 'POST',
        url: `/api/v1/stable/tenants/${fixture.ids['tenant']}/webhooks/%00`,
        credentials: 'none',
        payload: '{}',
        contentType: 'application/json',
      }),
    ],
  ];
  it.each(found)('%s', async (_name, request) => {
    const response = await send(request());
    expect(response.status).toBeGreaterThanOrEqual(400);
    await checkCase(request());
  });

  it('fires a scheduled run named by its id in capitals (the engine tick failed: 503)', async () => {
    const created = await fixture.owner.client.post<{ metadata: { id: string } }>(
      `${tenantPath()}/workflows/${fixture.ids['workflowName']}/scheduled`,
      { triggerAt: '2099-01-01T00:00:00Z', input: {}, additionalMetadata: {} },
    );
    const fired = await fixture.owner.client.post<{ externalId: string }>(
      `${tenantPath()}/workflows/scheduled/${created.body.metadata.id.toUpperCase()}`,
    );
    expect(fired.status).toBe(200);
    expect(fired.body.externalId).toMatch(/^[0-9a-f-]{36}$/);
  });
});
