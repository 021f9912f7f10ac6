/**
 * Prometheus metrics over HTTP: the operator's `GET /metrics` (off by default, then behind a
 * bearer token when one is configured) and each tenant's `prometheus-metrics`, which serves
 * that tenant's series and never another's. The workload runs through the engine: runs queued
 * with no worker to take them, one of them cancelled.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROMETHEUS_METRICS_DISABLED } from '@trellis/api-contract';
import type { Engine } from '@trellis/engine';
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig } from '../src/config';
import { find, parsePrometheusText, value, type Scrape } from './prometheus-text';
import {
  addTenantMember,
  createApiToken,
  registerOwner,
  startTestApp,
  TestClient,
  type TestApp,
} from './test-app';

const METRICS_TOKEN = 'metrics-token-for-tests-0123';
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** Triggers `count` runs of a workflow no worker serves: they stay queued. */
async function queueRuns(engine: Engine, tenantId: string, count: number): Promise<string[]> {
  await engine.putWorkflow(tenantId, {
    name: 'unserved',
    tasks: [{ readableId: 'step', actionId: 'unserved:step' }],
  });
  return engine.trigger(
    tenantId,
    Array.from({ length: count }, () => ({ workflowName: 'unserved', input: {} })),
  );
}

async function scrapeText(app: FastifyInstance, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url: '/metrics', headers });
}

async function scrape(app: FastifyInstance): Promise<Scrape> {
  const response = await scrapeText(app, { authorization: `Bearer ${METRICS_TOKEN}` });
  expect(response.statusCode).toBe(200);
  return parsePrometheusText(response.body);
}

/**
 * GET as `client` (its cookies or bearer token, its address), without parsing the body, which
 * is text when the call succeeds; `body` is the parsed JSON of an error.
 */
async function getRaw(app: FastifyInstance, client: TestClient, url: string) {
  const cookie = [...client.cookies].map(([name, v]) => `${name}=${v}`).join('; ');
  const raw = await app.inject({
    method: 'GET',
    url,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(client.bearer ? { authorization: `Bearer ${client.bearer}` } : {}),
      'x-forwarded-for': client.address,
    },
  });
  const json = /^application\/json/.test(String(raw.headers['content-type']));
  return {
    status: raw.statusCode,
    body: json ? (JSON.parse(raw.body) as unknown) : undefined,
    raw,
  };
}

describe('with metrics off (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('answers /metrics with 404 saying how to turn them on', async () => {
    const response = await scrapeText(t.app);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toContain('TRELLIS_METRICS=on');
  });

  it("answers a tenant's prometheus-metrics with the reference's 400", async () => {
    const owner = await registerOwner(t.app);
    const response = await getRaw(
      t.app,
      owner.client,
      `/api/v1/tenants/${owner.tenantId}/prometheus-metrics`,
    );
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ errors: [{ description: PROMETHEUS_METRICS_DISABLED }] });
  });

  it('says so in meta', async () => {
    const meta = await new TestClient(t.app).get<{ prometheusServerEnabled?: boolean }>(
      '/api/v1/meta',
    );
    expect(meta.body.prometheusServerEnabled).toBe(false);
  });
});

describe('with metrics on', () => {
  let m: TestApp;
  let x: Awaited<ReturnType<typeof registerOwner>>;
  let y: Awaited<ReturnType<typeof registerOwner>>;
  let idle: Awaited<ReturnType<typeof registerOwner>>;

  beforeAll(async () => {
    // As `main.ts` builds it, minus gRPC.
    m = await startTestApp({ TRELLIS_METRICS: 'on', TRELLIS_METRICS_TOKEN: METRICS_TOKEN });
    x = await registerOwner(m.app);
    y = await registerOwner(m.app);
    idle = await registerOwner(m.app);
    const runs = await queueRuns(m.engine, x.tenantId, 3);
    expect(await m.engine.cancel(x.tenantId, [runs[0]!])).toHaveLength(1);
    await queueRuns(m.engine, y.tenantId, 1);
  });
  afterAll(async () => m.close());

  it('refuses /metrics without the bearer token, or with another', async () => {
    const none = await scrapeText(m.app);
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(none.body).not.toContain('trellis_');
    const wrong = await scrapeText(m.app, { authorization: `Bearer ${METRICS_TOKEN}x` });
    expect(wrong.statusCode).toBe(401);
    const basic = await scrapeText(m.app, { authorization: `Basic ${METRICS_TOKEN}` });
    expect(basic.statusCode).toBe(401);
  });

  it('serves every tenant to the operator, with the counts of the workload', async () => {
    const response = await scrapeText(m.app, { authorization: `Bearer ${METRICS_TOKEN}` });
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    const s = parsePrometheusText(response.body);
    expect(s.types.get('trellis_runs_triggered_total')).toBe('counter');
    expect(s.types.get('trellis_tasks_finished_total')).toBe('counter');
    expect(s.types.get('trellis_queue_depth')).toBe('gauge');
    expect(value(s, 'trellis_runs_triggered_total', { tenant_id: x.tenantId })).toBe(3);
    expect(value(s, 'trellis_runs_triggered_total', { tenant_id: y.tenantId })).toBe(1);
    const finished = (tenant: string, outcome: string) =>
      value(s, 'trellis_tasks_finished_total', { tenant_id: tenant, outcome });
    expect(finished(x.tenantId, 'cancelled')).toBe(1);
    expect(finished(x.tenantId, 'completed')).toBe(0);
    expect(finished(x.tenantId, 'failed')).toBe(0);
    expect(finished(y.tenantId, 'cancelled')).toBe(0);
    expect(value(s, 'trellis_queue_depth', { tenant_id: x.tenantId })).toBe(2);
    expect(value(s, 'trellis_queue_depth', { tenant_id: y.tenantId })).toBe(1);
    // A tenant that has done nothing has no series yet.
    expect(find(s, 'trellis_runs_triggered_total', { tenant_id: idle.tenantId })).toEqual([]);
    expect(value(s, 'trellis_build_info')).toBe(1);
    expect(find(s, 'process_cpu_user_seconds_total')).toHaveLength(1);
    expect(find(s, 'trellis_db_in_flight')).toHaveLength(2);
  });

  it("serves a tenant its own series and no other tenant's", async () => {
    const response = await getRaw(
      m.app,
      x.client,
      `/api/v1/tenants/${x.tenantId}/prometheus-metrics`,
    );
    // TestClient parses JSON; this body is text, read from the raw response.
    expect(response.status).toBe(200);
    expect(response.raw.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = response.raw.body;
    expect(text).not.toContain(y.tenantId);
    expect(text).not.toContain(idle.tenantId);
    const s = parsePrometheusText(text);
    expect(s.samples.length).toBeGreaterThan(0);
    for (const sample of s.samples) expect(sample.labels['tenant_id']).toBe(x.tenantId);
    expect(value(s, 'trellis_runs_triggered_total')).toBe(3);
    expect(value(s, 'trellis_tasks_finished_total', { outcome: 'cancelled' })).toBe(1);
    expect(value(s, 'trellis_queue_depth')).toBe(2);
    expect(find(s, 'trellis_http_requests_total')).toEqual([]);

    const other = parsePrometheusText(
      (await getRaw(m.app, y.client, `/api/v1/tenants/${y.tenantId}/prometheus-metrics`)).raw.body,
    );
    for (const sample of other.samples) expect(sample.labels['tenant_id']).toBe(y.tenantId);
    expect(value(other, 'trellis_runs_triggered_total')).toBe(1);
    expect(value(other, 'trellis_queue_depth')).toBe(1);
  });

  it('gives a tenant that has done nothing its series at zero', async () => {
    const response = await getRaw(
      m.app,
      idle.client,
      `/api/v1/tenants/${idle.tenantId}/prometheus-metrics`,
    );
    const s = parsePrometheusText(response.raw.body);
    expect(value(s, 'trellis_runs_triggered_total')).toBe(0);
    expect(value(s, 'trellis_tasks_finished_total', { outcome: 'completed' })).toBe(0);
    expect(value(s, 'trellis_queue_depth')).toBe(0);
    for (const sample of s.samples) expect(sample.labels['tenant_id']).toBe(idle.tenantId);
  });

  it("lets any member and the tenant's API token read it, and refuses everyone else", async () => {
    const path = `/api/v1/tenants/${x.tenantId}/prometheus-metrics`;
    const viewer = await addTenantMember(m.app, x, 'VIEWER');
    expect((await getRaw(m.app, viewer.client, path)).status).toBe(200);
    const own = new TestClient(m.app);
    own.bearer = await createApiToken(x);
    expect((await getRaw(m.app, own, path)).status).toBe(200);

    const asOtherMember = await getRaw(m.app, y.client, path);
    expect(asOtherMember.status).toBe(401);
    expect(asOtherMember.raw.body).not.toContain('trellis_');
    const otherToken = new TestClient(m.app);
    otherToken.bearer = await createApiToken(y);
    const asOtherToken = await getRaw(m.app, otherToken, path);
    expect(asOtherToken.status).toBe(403);
    expect(asOtherToken.raw.body).not.toContain('trellis_');
    const anonymous = await getRaw(m.app, new TestClient(m.app), path);
    expect(anonymous.status).toBe(403);
  });

  it('counts HTTP requests by route pattern and status, never by raw URL', async () => {
    const before = await scrape(m.app);
    const route = '/api/v1/tenants/:tenant/prometheus-metrics';
    const count = (s: Scrape, status: string) =>
      value(s, 'trellis_http_requests_total', { method: 'GET', route, status_code: status }) ?? 0;
    await getRaw(m.app, x.client, `/api/v1/tenants/${x.tenantId}/prometheus-metrics`);
    await getRaw(m.app, y.client, `/api/v1/tenants/${y.tenantId}/prometheus-metrics`);
    await getRaw(m.app, y.client, `/api/v1/tenants/${x.tenantId}/prometheus-metrics`);
    await getRaw(m.app, new TestClient(m.app), `/api/v1/no-such-route/${x.tenantId}`);
    const after = await scrape(m.app);

    expect(count(after, '200') - count(before, '200')).toBe(2);
    expect(count(after, '401') - count(before, '401')).toBe(1);
    const unmatched = (s: Scrape) =>
      value(s, 'trellis_http_requests_total', {
        method: 'GET',
        route: 'unmatched',
        status_code: '404',
      }) ?? 0;
    expect(unmatched(after) - unmatched(before)).toBe(1);
    expect(after.types.get('trellis_http_request_duration_seconds')).toBe('histogram');
    expect(
      value(after, 'trellis_http_request_duration_seconds_count', { method: 'GET', route }),
    ).toBeGreaterThanOrEqual(3);
    for (const sample of find(after, 'trellis_http_requests_total')) {
      expect(sample.labels['route']).not.toMatch(UUID);
    }
    // The scrapes themselves, 401s included, are counted under their own route.
    expect(
      value(after, 'trellis_http_requests_total', {
        method: 'GET',
        route: '/metrics',
        status_code: '401',
      }),
    ).toBe(3);
  });

  it('says so in meta', async () => {
    const meta = await new TestClient(m.app).get<{ prometheusServerEnabled?: boolean }>(
      '/api/v1/meta',
    );
    expect(meta.body.prometheusServerEnabled).toBe(true);
  });
});

describe('metrics configuration', () => {
  it('is off by default, with no token', () => {
    expect(loadConfig({}).metrics).toEqual({ enabled: false, token: undefined });
    expect(loadConfig({ TRELLIS_METRICS: 'on' }).metrics).toEqual({
      enabled: true,
      token: undefined,
    });
    expect(
      loadConfig({ TRELLIS_METRICS: 'on', TRELLIS_METRICS_TOKEN: METRICS_TOKEN }).metrics,
    ).toEqual({ enabled: true, token: METRICS_TOKEN });
  });

  it.each([
    [{ TRELLIS_METRICS: 'yes' }, /^Invalid configuration: TRELLIS_METRICS must be on or off/],
    [
      { TRELLIS_METRICS: 'on', TRELLIS_METRICS_TOKEN: 'short' },
      /^Invalid configuration: TRELLIS_METRICS_TOKEN must be at least 16 characters/,
    ],
    [
      { TRELLIS_METRICS_TOKEN: METRICS_TOKEN },
      /^Invalid configuration: TRELLIS_METRICS_TOKEN is set but TRELLIS_METRICS is not on$/,
    ],
  ])('refuses %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
