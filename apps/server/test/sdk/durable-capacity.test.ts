/**
 * Eviction at capacity through the SDK: a worker with two durable slots, both held by tasks
 * that sleep, evicts the one waiting longest once it has waited the SDK's ten seconds, so a
 * third durable task gets its slot; the evicted task comes back when its sleep ends, and every
 * task finishes once.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunDetails } from '@trellis/engine';
import { eventually, killAll, startTestServer, startWorker, type TestServer } from './harness';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await startWorker(server.address, server.token, {
    name: 'two-durable-slots',
    env: { WORKER_DURABLE_SLOTS: '2' },
  });
}, 120_000);
afterAll(async () => {
  await killAll();
  await server?.close();
});

const eventsOf = async (runId: string) => {
  const run = await server.engine.getRunDetails(server.tenantId, runId);
  return server.engine.listTaskEvents(server.tenantId, run.tasks[0]!.externalId);
};

it('evicts a waiting durable task when its worker’s durable slots are all waiting, and a queued one starts', async () => {
  const runIds = await server.engine.trigger(
    server.tenantId,
    [0, 1, 2].map(() => ({ workflowName: 'durable-sleeper', input: { seconds: 15 } })),
  );
  // Two start and sleep; the third waits for a durable slot until one of them is evicted.
  const evicted = await eventually(async () => {
    for (const runId of runIds) {
      const event = (await eventsOf(runId)).find((e) => e.eventType === 'DURABLE_EVICTED');
      if (event) return { runId, event };
    }
    return undefined;
  }, 40_000);
  expect(evicted.event.message).toContain('capacity');
  const runs = await eventually(async () => {
    const all: RunDetails[] = [];
    for (const runId of runIds) all.push(await server.engine.getRunDetails(server.tenantId, runId));
    return all.every((r) => r.status === 'COMPLETED' || r.status === 'FAILED') ? all : undefined;
  }, 60_000);
  expect(runs.map((r) => r.status)).toEqual(['COMPLETED', 'COMPLETED', 'COMPLETED']);
  // Every task started; the evicted one came back as its next invocation and replayed.
  const evictedRun = runs.find((r) => r.runId === evicted.runId)!;
  expect((evictedRun.tasks[0]!.output as { invocation: number }).invocation).toBe(2);
  const events = (await eventsOf(evicted.runId)).map((e) => e.eventType);
  expect(events).toContain('DURABLE_RESTORING');
  for (const run of runs) {
    expect((run.tasks[0]!.output as { sleptMs: number }).sleptMs).toBe(15_000);
  }
}, 90_000);
