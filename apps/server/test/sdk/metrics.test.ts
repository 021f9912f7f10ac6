/**
 * Metrics after a known workload, wired as main.ts wires them: the engine's tick hook, the
 * database in flight, the gRPC transport's call ends and the HTTP app. A real SDK worker serves
 * one tenant (runs that complete, fail for good, and succeed after two retries); a second
 * tenant's runs wait with no worker, and one is cancelled. Then `/metrics` is scraped and read.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '@trellis/db';
import { createTestDatabase } from '@trellis/db/testing';
import { Engine } from '@trellis/engine';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { startGrpcServer, type GrpcServer } from '../../src/grpc/grpc-server';
import { createApiTokenSigner } from '../../src/accounts/api-token-signer';
import { ServerMetrics } from '../../src/observability/metrics';
import { TRELLIS_VERSION } from '../../src/version';
import { find, parsePrometheusText, value, type Scrape } from '../prometheus-text';
import {
  createTenantToken,
  eventually,
  freePort,
  killAll,
  PUBLIC_URL,
  runClient,
  runTask,
  startWorker,
} from './harness';

const METRICS_TOKEN = randomUUID();

let db: Database;
let drop: () => Promise<void>;
let engine: Engine;
let grpc: GrpcServer;
let app: FastifyInstance;
let address: string;
let served: { tenantId: string; token: string };
let waiting: { tenantId: string; token: string };
const engineErrors: string[] = [];

beforeAll(async () => {
  const database = await createTestDatabase({ migrate: true });
  drop = database.drop;
  const metrics = new ServerMetrics({ version: TRELLIS_VERSION });
  db = metrics.instrumentDatabase(database.db);
  const port = await freePort();
  address = `127.0.0.1:${port}`;
  served = await createTenantToken(db, address);
  waiting = await createTenantToken(db, address);
  engine = new Engine({
    db,
    onError: (message, error) => engineErrors.push(`${message}: ${String(error)}`),
    onTick: metrics.observeTick,
  });
  await engine.start();
  const signer = await createApiTokenSigner(db, {
    publicUrl: PUBLIC_URL,
    grpcBroadcastAddress: address,
  });
  grpc = await startGrpcServer({
    db,
    engine,
    signer,
    host: '127.0.0.1',
    port,
    log: (message, error) => engineErrors.push(`${message}: ${String(error)}`),
    onCallEnded: metrics.grpcCallEnded,
  });
  const config = loadConfig({
    TRELLIS_PUBLIC_URL: PUBLIC_URL,
    TRELLIS_GRPC_BROADCAST_ADDRESS: address,
    TRELLIS_DASHBOARD_DIR: '/nonexistent-dashboard',
    TRELLIS_METRICS: 'on',
    TRELLIS_METRICS_TOKEN: METRICS_TOKEN,
  });
  ({ app } = await buildApp({ db, config, engine, metrics }));
}, 120_000);

afterAll(async () => {
  await killAll();
  await app?.close();
  const closing = grpc?.close();
  await engine?.close();
  await closing;
  await drop?.();
  expect(engineErrors).toEqual([]);
});

async function scrape(): Promise<Scrape> {
  const response = await app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  return parsePrometheusText(response.body);
}

/**
 * Runs of the served tenant that the example worker's own cron started (`nightly-digest`, at
 * 06:00 in New York): none, unless the test runs across that minute.
 */
async function cronRuns(): Promise<number> {
  const { rows } = await db.query<{ count: string }>(
    `SELECT count(*) AS count FROM workflow_runs
      WHERE tenant_id = $1 AND triggering_cron_id IS NOT NULL`,
    [served.tenantId],
  );
  return Number(rows[0]!.count);
}

describe('metrics after a known workload', () => {
  it('counts runs, task outcomes, retries, queue depth, ticks, gRPC and HTTP calls', async () => {
    await startWorker(address, served.token);
    const completing = runClient(address, served.token, [
      '--bulk',
      'simple',
      '5',
      '{"Message":"M"}',
    ]);
    const failing = runClient(address, served.token, ['--bulk', 'fatal', '2', '{}']);
    expect(await runTask(address, served.token, 'flaky', {})).toEqual({ succeededOnAttempt: 2 });
    await completing.waitForLine('DONE ok=5 failed=0');
    await failing.waitForLine('DONE ok=0 failed=2');

    await engine.putWorkflow(waiting.tenantId, {
      name: 'unserved',
      tasks: [{ readableId: 'step', actionId: 'unserved:step' }],
    });
    const queued = await engine.trigger(
      waiting.tenantId,
      [1, 2, 3].map(() => ({ workflowName: 'unserved', input: {} })),
    );
    await engine.cancel(waiting.tenantId, [queued[0]!]);

    // A REST call of the served tenant, with its API token.
    const tenantMetrics = await app.inject({
      method: 'GET',
      url: `/api/v1/tenants/${served.tenantId}/prometheus-metrics`,
      headers: { authorization: `Bearer ${served.token}` },
    });
    expect(tenantMetrics.statusCode).toBe(200);

    // Results reach the engine before the clients hear of them, but the counters follow the
    // tick that commits them: wait until every run is counted as finished.
    let extra = 0;
    const s = await eventually(async () => {
      extra = await cronRuns();
      const scraped = await scrape();
      const labels = { tenant_id: served.tenantId };
      const runs = value(scraped, 'trellis_runs_triggered_total', labels);
      const completed = value(scraped, 'trellis_tasks_finished_total', {
        ...labels,
        outcome: 'completed',
      });
      return runs === 8 + extra && completed === 6 + extra ? scraped : undefined;
    });

    const of = (tenantId: string) => ({
      runs: value(s, 'trellis_runs_triggered_total', { tenant_id: tenantId }),
      completed: value(s, 'trellis_tasks_finished_total', {
        tenant_id: tenantId,
        outcome: 'completed',
      }),
      failed: value(s, 'trellis_tasks_finished_total', { tenant_id: tenantId, outcome: 'failed' }),
      cancelled: value(s, 'trellis_tasks_finished_total', {
        tenant_id: tenantId,
        outcome: 'cancelled',
      }),
      skipped: value(s, 'trellis_tasks_finished_total', {
        tenant_id: tenantId,
        outcome: 'skipped',
      }),
      retries: value(s, 'trellis_task_retries_total', { tenant_id: tenantId }),
      queued: value(s, 'trellis_queue_depth', { tenant_id: tenantId }),
    });
    // simple ×5 and flaky (after two retries) complete; fatal ×2 fails without retrying.
    expect(of(served.tenantId)).toEqual({
      runs: 8 + extra,
      completed: 6 + extra,
      failed: 2,
      cancelled: 0,
      skipped: 0,
      retries: 2,
      queued: 0,
    });
    expect(of(waiting.tenantId)).toEqual({
      runs: 3,
      completed: 0,
      failed: 0,
      cancelled: 1,
      skipped: 0,
      retries: 0,
      queued: 2,
    });

    // The scheduler's ticks: a histogram with samples.
    expect(s.types.get('trellis_engine_tick_duration_seconds')).toBe('histogram');
    const ticks = value(s, 'trellis_engine_tick_duration_seconds_count')!;
    expect(ticks).toBeGreaterThan(0);
    expect(value(s, 'trellis_engine_tick_duration_seconds_sum')).toBeGreaterThan(0);
    expect(value(s, 'trellis_engine_tick_duration_seconds_bucket', { le: '+Inf' })).toBe(ticks);
    expect(value(s, 'trellis_engine_ticks_failed_total')).toBe(0);

    // gRPC calls by method and code: the worker registered its workflows, reported each
    // attempt's start and end (5 + 2 + 3 attempts), and beat its heart.
    const grpcOk = (service: string, method: string) =>
      value(s, 'trellis_grpc_server_handled_total', {
        grpc_service: service,
        grpc_method: method,
        grpc_code: 'OK',
      }) ?? 0;
    expect(grpcOk('v1.AdminService', 'PutWorkflow')).toBeGreaterThan(0);
    expect(grpcOk('Dispatcher', 'Register')).toBe(1);
    expect(grpcOk('Dispatcher', 'SendStepActionEvent')).toBeGreaterThanOrEqual(10);
    for (const sample of find(s, 'trellis_grpc_server_handled_total')) {
      expect(sample.labels['grpc_code']).toMatch(/^[A-Z_]+$/);
    }

    // HTTP by route pattern and status.
    expect(
      value(s, 'trellis_http_requests_total', {
        method: 'GET',
        route: '/api/v1/tenants/:tenant/prometheus-metrics',
        status_code: '200',
      }),
    ).toBe(1);

    // The database: the statements the engine ran went through the instrumented adapter.
    expect(find(s, 'trellis_db_in_flight', { operation: 'transaction' })).toHaveLength(1);

    // The served tenant's own endpoint told the same numbers as they were then, and none of
    // the other tenant's.
    const own = parsePrometheusText(tenantMetrics.body);
    for (const sample of own.samples) expect(sample.labels['tenant_id']).toBe(served.tenantId);
    expect(tenantMetrics.body).not.toContain(waiting.tenantId);
  });
});
