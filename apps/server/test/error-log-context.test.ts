/**
 * Error log lines name the tenant and the run they concern: a REST request that fails on the
 * database logs `request failed` with its tenant and run, and a gRPC handler's unexpected
 * failure is marked with the call's tenant and the run its message names.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '@trellis/db';
import { createTestDatabase } from '@trellis/db/testing';
import { Engine } from '@trellis/engine';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { unary } from '../src/grpc/handlers';
import type { UnaryCall } from '../src/grpc/transport/calls';
import { logContextOf } from '../src/observability/log-context';
import { registerOwner, TEST_PUBLIC_URL } from './test-app';

const lines: Record<string, unknown>[] = [];
let db: Database;
let drop: () => Promise<void>;
let engine: Engine;
let app: Awaited<ReturnType<typeof buildApp>>['app'];

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase({ migrate: true }));
  engine = new Engine({ db });
  await engine.start();
  const config = loadConfig({
    TRELLIS_PUBLIC_URL: TEST_PUBLIC_URL,
    TRELLIS_DASHBOARD_DIR: '/nonexistent-dashboard',
  });
  ({ app } = await buildApp({
    db,
    config,
    engine,
    // Pino writes each line as JSON to this stream, as it does to stdout in production.
    logger: { level: 'error', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
  }));
});

afterAll(async () => {
  await app.close();
  await engine.close();
  await drop();
});

it('logs a failed request with its tenant and run', async () => {
  const owner = await registerOwner(app);
  await engine.putWorkflow(owner.tenantId, {
    name: 'logged',
    tasks: [{ readableId: 'logged', actionId: 'logged:logged' }],
  });
  const [runId] = await engine.trigger(owner.tenantId, [{ workflowName: 'logged' }]);
  // The read fails in the database: the answer is a plain 500, the log line says where.
  await db.exec('ALTER TABLE tasks RENAME TO tasks_away');
  try {
    const response = await owner.client.get(`/api/v1/stable/workflow-runs/${runId}`);
    expect(response.status).toBe(500);
  } finally {
    await db.exec('ALTER TABLE tasks_away RENAME TO tasks');
  }
  const failed = lines.filter((line) => line['msg'] === 'request failed');
  expect(failed).toHaveLength(1);
  expect(failed[0]).toMatchObject({ tenantId: owner.tenantId, runId, level: 50 });
});

it('marks a gRPC handler’s unexpected failure with the call’s tenant and run', async () => {
  const handler = unary<{ workflowRunId: string }, never>(
    { authenticate: async () => 'tenant-1' },
    async () => {
      throw new Error('unexpected');
    },
  );
  const call = {
    request: { workflowRunId: 'run-1' },
    metadata: {},
    cancelled: false,
    authenticated: () => {},
  } as unknown as UnaryCall<{ workflowRunId: string }>;
  const error = await handler(call).catch((e: unknown) => e);
  expect(logContextOf(error)).toEqual({ tenantId: 'tenant-1', runId: 'run-1' });
});
