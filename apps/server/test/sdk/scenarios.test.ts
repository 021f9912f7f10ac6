/**
 * The scenarios, each with real SDK worker and client processes against one server.
 * The engine's windows are shortened (heartbeat expiry, reassignment) so that the lost-worker
 * scenario does not wait the production 30 s; assertions are about behaviour, not timing.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunDetails } from '@trellis/engine';
import {
  eventually,
  killAll,
  runClient,
  runTask,
  startTestServer,
  startWorker,
  type TestServer,
} from './harness';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ workerInactiveAfterMs: 6_000, reassignAfterMs: 8_000 });
});
afterEach(killAll);
afterAll(async () => {
  await killAll();
  await server?.close();
});

const run = (name: string, input: unknown) => runTask(server.address, server.token, name, input);

async function runNoWait(name: string, input: unknown): Promise<string> {
  const client = runClient(server.address, server.token, [
    '--no-wait',
    name,
    JSON.stringify(input),
  ]);
  return client.waitForLine('RUN ');
}

function details(runId: string): Promise<RunDetails> {
  return server.engine.getRunDetails(server.tenantId, runId);
}

function untilStatus(runId: string, statuses: string[]): Promise<RunDetails> {
  return eventually(async () => {
    const d = await details(runId);
    return statuses.includes(d.status) ? d : undefined;
  });
}

async function eventTypes(taskExternalId: string): Promise<string[]> {
  return (await server.engine.listTaskEvents(server.tenantId, taskExternalId)).map(
    (e) => `${e.eventType}@${e.retryCount}`,
  );
}

describe('SDK scenarios', () => {
  it('runs a DAG, each task receiving its parents’ outputs', async () => {
    await startWorker(server.address, server.token);
    expect(await run('dag', { n: 2 })).toEqual({
      first: { value: 3 },
      double: { value: 6 },
      square: { value: 9 },
      join: { sum: 15 },
    });
  });

  it('retries a failing task with backoff until it succeeds', async () => {
    await startWorker(server.address, server.token);
    expect(await run('flaky', {})).toEqual({ succeededOnAttempt: 2 });
  });

  it('does not retry a NonRetryableError', async () => {
    await startWorker(server.address, server.token);
    const runId = await runNoWait('fatal', {});
    const final = await untilStatus(runId, ['FAILED', 'COMPLETED']);
    expect(final.status).toBe('FAILED');
    expect(final.tasks[0]!.error).toContain('this task must not retry');
    expect(await eventTypes(final.tasks[0]!.externalId)).not.toContain('RETRYING@0');
    await expect(run('fatal', {})).rejects.toThrow('this task must not retry');
  });

  it('enforces the execution timeout', async () => {
    await startWorker(server.address, server.token);
    const runId = await runNoWait('too-slow', {});
    const final = await untilStatus(runId, ['FAILED', 'COMPLETED']);
    expect(final.status).toBe('FAILED');
    expect(await eventTypes(final.tasks[0]!.externalId)).toContain('TIMED_OUT@0');
  });

  it('cancels a running task', async () => {
    const worker = await startWorker(server.address, server.token, { logLevel: 'INFO' });
    const runId = await runNoWait('slow', { ms: 120_000 });
    const running = await eventually(async () => {
      const d = await details(runId);
      return d.tasks[0]?.status === 'RUNNING' ? d : undefined;
    });
    expect(await server.engine.cancel(server.tenantId, [runId])).toEqual([
      running.tasks[0]!.externalId,
    ]);
    expect((await untilStatus(runId, ['CANCELLED'])).status).toBe('CANCELLED');
    // The SDK aborts the task when it receives CANCEL_STEP_RUN, and says so.
    await eventually(
      async () => (worker.lines.some((l) => /cancel/i.test(l)) ? true : undefined),
      15_000,
    );
  });

  it('replays a failed task', async () => {
    await startWorker(server.address, server.token);
    const runId = await runNoWait('fail-once', {});
    const failed = await untilStatus(runId, ['FAILED']);
    await server.engine.replay(server.tenantId, [failed.tasks[0]!.externalId]);
    const replayed = await untilStatus(runId, ['COMPLETED']);
    expect(replayed.tasks[0]!.output).toEqual({ ok: true, attempt: 1 });
    expect(await eventTypes(failed.tasks[0]!.externalId)).toContain('RETRIED_BY_USER@1');
  });

  it('fans out to 100 children', async () => {
    await startWorker(server.address, server.token, { slots: 200 });
    const expected = Array.from({ length: 100 }, (_, i) => i * i).reduce((a, b) => a + b, 0);
    expect(await run('fanout-parent', { n: 100 })).toEqual({ count: 100, sum: expected });
  });

  it('stores task logs', async () => {
    await startWorker(server.address, server.token);
    const runId = await runNoWait('simple', { Message: 'Logged' });
    const done = await untilStatus(runId, ['COMPLETED']);
    // The example does not await its log call, so the log may land a tick after the result.
    await vi.waitFor(async () => {
      const logs = await server.engine.listTaskLogs(server.tenantId, done.tasks[0]!.externalId);
      expect(logs.map((l) => l.message)).toContain('transforming "Logged"');
    });
  });

  it('delivers stream events to subscribeToStream', async () => {
    await startWorker(server.address, server.token);
    const runId = await runNoWait('streamer', { chunks: 5 });
    const subscriber = runClient(server.address, server.token, ['--stream', runId]);
    await subscriber.waitForLine('STREAM END');
    expect(subscriber.lines.filter((l) => l.startsWith('CHUNK '))).toEqual(
      Array.from({ length: 5 }, (_, i) => `CHUNK chunk-${i}`),
    );
  });

  it('shares load between two workers by their slots', async () => {
    await startWorker(server.address, server.token, { name: 'worker-a', slots: 2 });
    await startWorker(server.address, server.token, { name: 'worker-b', slots: 2 });
    const runIds = await server.engine.trigger(
      server.tenantId,
      Array.from({ length: 8 }, () => ({ workflowName: 'slow', input: { ms: 500 } })),
    );
    const finished = await Promise.all(runIds.map((id) => untilStatus(id, ['COMPLETED'])));
    const byWorker = new Map<string, number>();
    for (const d of finished) {
      const name = (d.tasks[0]!.output as { worker: string }).worker;
      byWorker.set(name, (byWorker.get(name) ?? 0) + 1);
    }
    expect([...byWorker.keys()].sort()).toEqual(['worker-a', 'worker-b']);
  });

  it('retries a killed worker’s task on another worker', async () => {
    const doomed = await startWorker(server.address, server.token, { name: 'doomed', slots: 1 });
    const runId = await runNoWait('slow', { ms: 3_000 });
    const running = await eventually(async () => {
      const d = await details(runId);
      return d.tasks[0]?.status === 'RUNNING' ? d : undefined;
    });
    doomed.kill('SIGKILL');
    await doomed.exited;
    await startWorker(server.address, server.token, { name: 'survivor', slots: 1 });
    const done = await untilStatus(runId, ['COMPLETED']);
    expect(done.tasks[0]!.output).toMatchObject({ worker: 'survivor' });
    expect(await eventTypes(running.tasks[0]!.externalId)).toContain('REASSIGNED@0');
  });
});
