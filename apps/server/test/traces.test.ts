/**
 * OpenTelemetry traces exported over OTLP/HTTP to a real receiver started here: a run's trace
 * (its id, its tasks, each wait for a worker and each attempt, a failed attempt marked) once it
 * finishes, and a span per HTTP request under the caller's `traceparent`. Wired as main.ts
 * wires it, minus gRPC.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '@trellis/db';
import { createTestDatabase } from '@trellis/db/testing';
import { Engine } from '@trellis/engine';
import { TestWorker } from '@trellis/engine/testing';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { tracingFromEnv, type Tracing } from '../src/observability/traces';
import { registerOwner } from './test-app';

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  status?: { code?: number; message?: string };
  attributes: { key: string; value: { stringValue?: string; intValue?: string | number } }[];
}

const received: OtlpSpan[] = [];
let receiver: Server;
let db: Database;
let drop: () => Promise<void>;
let engine: Engine;
let tracing: Tracing;
let app: Awaited<ReturnType<typeof buildApp>>['app'];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const payload = JSON.parse(body) as {
        resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[];
      };
      for (const resource of payload.resourceSpans)
        for (const scope of resource.scopeSpans) received.push(...scope.spans);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as { port: number };
  // The exporter reads the standard variables itself, as it does in production.
  process.env['OTEL_EXPORTER_OTLP_ENDPOINT'] = `http://127.0.0.1:${port}`;
  process.env['OTEL_BSP_SCHEDULE_DELAY'] = '100';

  ({ db, drop } = await createTestDatabase({ migrate: true }));
  tracing = tracingFromEnv(process.env, { db, version: 'test', onError: () => {} })!;
  engine = new Engine({ db, onRunsFinished: tracing.runsFinished });
  await engine.start();
  const config = loadConfig({
    TRELLIS_PUBLIC_URL: 'http://trellis.test:8080',
    TRELLIS_DASHBOARD_DIR: '/nonexistent-dashboard',
  });
  ({ app } = await buildApp({ db, config, engine, tracing }));
});

afterAll(async () => {
  await app.close();
  await engine.close();
  await tracing.close();
  await drop();
  await new Promise((resolve) => receiver.close(resolve));
  delete process.env['OTEL_EXPORTER_OTLP_ENDPOINT'];
  delete process.env['OTEL_BSP_SCHEDULE_DELAY'];
});

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? undefined : Number(value.intValue));
};

it('sends a trace per run: its tasks, each wait for a worker and each attempt', async () => {
  const owner = await registerOwner(app);
  await engine.putWorkflow(owner.tenantId, {
    name: 'traced',
    tasks: [
      { readableId: 'one', actionId: 'traced:one' },
      { readableId: 'two', actionId: 'traced:two', parents: ['one'], retries: 1 },
    ],
  });
  const worker = await new TestWorker(engine, owner.tenantId).connect(
    ['traced:one', 'traced:two'],
    5,
  );
  const [runId] = await engine.trigger(owner.tenantId, [{ workflowName: 'traced' }]);
  await worker.complete(await worker.start('traced:one'), { ok: 1 });
  await worker.fail(await worker.start('traced:two'), 'first try fails');
  await worker.complete(await worker.start('traced:two', 2), { ok: 2 });
  worker.close();

  const traceId = runId!.replaceAll('-', '');
  await expect
    .poll(() => received.filter((s) => s.traceId === traceId).length, { timeout: 10_000 })
    .toBeGreaterThanOrEqual(8);
  const spans = received.filter((s) => s.traceId === traceId);
  const named = (name: string) => spans.filter((s) => s.name === name);
  const [root] = named('run traced');
  expect(root!.parentSpanId ?? '').toBe('');
  expect(attribute(root!, 'trellis.run.id')).toBe(runId);
  expect(attribute(root!, 'trellis.tenant.id')).toBe(owner.tenantId);
  expect(attribute(root!, 'trellis.run.status')).toBe('COMPLETED');

  const [one] = named('task one');
  const [two] = named('task two');
  expect([one!.parentSpanId, two!.parentSpanId]).toEqual([root!.spanId, root!.spanId]);
  expect(attribute(two!, 'trellis.task.retries')).toBe(1);
  const childrenOf = (span: OtlpSpan) =>
    spans.filter((s) => s.parentSpanId === span.spanId).map((s) => s.name);
  expect(childrenOf(one!).sort()).toEqual(['attempt 1', 'queued for a worker (attempt 1)']);
  expect(childrenOf(two!).sort()).toEqual([
    'attempt 1',
    'attempt 2',
    'queued for a worker (attempt 1)',
    'queued for a worker (attempt 2)',
  ]);
  const attempts = spans.filter(
    (s) => s.parentSpanId === two!.spanId && s.name.startsWith('attempt'),
  );
  const failed = attempts.find((s) => s.name === 'attempt 1')!;
  expect(failed.status).toMatchObject({ code: 2, message: 'first try fails' });
  expect(attempts.find((s) => s.name === 'attempt 2')!.status?.code ?? 0).not.toBe(2);
});

it('sends a span per HTTP request, named by its route, under the caller’s traceparent', async () => {
  const owner = await registerOwner(app);
  const traceId = '0af7651916cd43dd8448eb211c80319c';
  const parentId = 'b7ad6b7169203331';
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/tenants/${owner.tenantId}/workflows`,
    headers: {
      cookie: [...owner.client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      traceparent: `00-${traceId}-${parentId}-01`,
    },
  });
  expect(response.statusCode).toBe(200);
  await expect
    .poll(() => received.filter((s) => s.traceId === traceId), { timeout: 10_000 })
    .toHaveLength(1);
  const [span] = received.filter((s) => s.traceId === traceId);
  expect(span).toMatchObject({
    name: 'GET /api/v1/tenants/:tenant/workflows',
    parentSpanId: parentId,
  });
  expect(attribute(span!, 'http.response.status_code')).toBe(200);
  expect(attribute(span!, 'http.route')).toBe('/api/v1/tenants/:tenant/workflows');
  expect(attribute(span!, 'trellis.tenant.id')).toBe(owner.tenantId);
});
