/**
 * Where tasks run, declared with the SDK (examples/src/placement.ts) and served by two real
 * SDK worker processes with different labels: a task that requires a label, and a HARD sticky
 * DAG. Each task reports the worker it ran on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunDetails } from '@trellis/engine';
import { eventually, killAll, startTestServer, startWorker, type TestServer } from './harness';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await startWorker(server.address, server.token, { name: 'cpu-worker', slots: 50 });
  await startWorker(server.address, server.token, {
    name: 'gpu-worker',
    slots: 50,
    env: { WORKER_LABELS: JSON.stringify({ gpu: 'yes' }) },
  });
}, 120_000);
afterAll(async () => {
  await killAll();
  await server?.close();
});

function completed(runIds: string[]): Promise<RunDetails[]> {
  return eventually(async () => {
    const runs = await Promise.all(
      runIds.map((id) => server.engine.getRunDetails(server.tenantId, id)),
    );
    return runs.every((r) => r.status === 'COMPLETED') ? runs : undefined;
  });
}

const workersOf = (run: RunDetails) =>
  run.tasks.map((t) => (t.output as { worker: string }).worker);

describe('placement through the SDK', () => {
  it('runs a task that requires a label only on the worker that carries it', async () => {
    const ids = await server.engine.trigger(
      server.tenantId,
      Array.from({ length: 10 }, () => ({ workflowName: 'render' })),
    );
    const runs = await completed(ids);
    expect(new Set(runs.flatMap(workersOf))).toEqual(new Set(['gpu-worker']));
  });

  it('keeps every task of a HARD sticky DAG run on one worker', async () => {
    const ids = await server.engine.trigger(
      server.tenantId,
      Array.from({ length: 10 }, () => ({ workflowName: 'pinned' })),
    );
    const runs = await completed(ids);
    for (const run of runs) expect(new Set(workersOf(run)).size).toBe(1);
    // Both workers took runs: stickiness binds a run, not the workflow.
    expect(new Set(runs.flatMap(workersOf)).size).toBe(2);
  });
});
