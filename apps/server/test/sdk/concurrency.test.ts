/**
 * Concurrency limits declared with the SDK (examples/src/concurrency.ts), served by a real SDK
 * worker process. Each task reports when it ran; the assertions are about order, overlap and
 * counts, never about how long anything took.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunDetails } from '@trellis/engine';
import { eventually, killAll, startTestServer, startWorker, type TestServer } from './harness';

interface Span {
  key: string;
  label: string | null;
  startedAt: number;
  endedAt: number;
}

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await startWorker(server.address, server.token, { slots: 20 });
}, 120_000);
afterAll(async () => {
  await killAll();
  await server?.close();
});

const FINAL = ['COMPLETED', 'FAILED', 'CANCELLED'];

/** Triggers runs one after another, so that they arrive in this order. */
async function trigger(workflowName: string, inputs: object[]): Promise<string[]> {
  const ids: string[] = [];
  for (const input of inputs) {
    ids.push(...(await server.engine.trigger(server.tenantId, [{ workflowName, input }])));
  }
  return ids;
}

function details(runId: string): Promise<RunDetails> {
  return server.engine.getRunDetails(server.tenantId, runId);
}

function finished(runIds: string[]): Promise<RunDetails[]> {
  return eventually(async () => {
    const all = await Promise.all(runIds.map(details));
    return all.every((d) => FINAL.includes(d.status)) ? all : undefined;
  }, 90_000);
}

function untilRunning(runId: string): Promise<RunDetails> {
  return eventually(async () => {
    const d = await details(runId);
    return d.status === 'RUNNING' ? d : undefined;
  });
}

function spans(runs: RunDetails[]): Span[] {
  return runs.flatMap((r) =>
    r.tasks.filter((t) => t.status === 'COMPLETED').map((t) => t.output as Span),
  );
}

/** The largest number of spans running at one moment. */
function peakOverlap(list: Span[]): number {
  let peak = 0;
  for (const s of list) {
    const at = s.startedAt;
    peak = Math.max(peak, list.filter((o) => o.startedAt <= at && o.endedAt > at).length);
  }
  return peak;
}

async function cancelMessages(run: RunDetails): Promise<string[]> {
  const events = await server.engine.listTaskEvents(server.tenantId, run.tasks[0]!.externalId);
  return events.filter((e) => e.eventType === 'CANCELLED').map((e) => e.message);
}

describe('concurrency strategies through the SDK', () => {
  it('GROUP_ROUND_ROBIN: one run per key at a time, FIFO within a key, keys side by side', async () => {
    const inputs = ['a', 'b', 'c'].flatMap((key) =>
      [1, 2, 3].map((n) => ({ key: `rr-${key}`, ms: 300, label: String(n) })),
    );
    const runs = await finished(await trigger('per-customer', inputs));
    expect(runs.map((r) => r.status)).toEqual(inputs.map(() => 'COMPLETED'));
    const all = spans(runs);
    for (const key of ['rr-a', 'rr-b', 'rr-c']) {
      const ofKey = all.filter((s) => s.key === key);
      expect(peakOverlap(ofKey)).toBe(1);
      const byStart = [...ofKey].sort((x, y) => x.startedAt - y.startedAt);
      expect(byStart.map((s) => s.label)).toEqual(['1', '2', '3']);
    }
    // Different keys are not held back by each other.
    expect(peakOverlap(all)).toBeGreaterThan(1);
  });

  it('CANCEL_IN_PROGRESS: a new run cancels the one in progress, and says so', async () => {
    const [first] = await trigger('latest-wins', [{ key: 'lw', ms: 20_000 }]);
    await untilRunning(first!);
    const [second] = await trigger('latest-wins', [{ key: 'lw', ms: 200 }]);
    const [a, b] = await finished([first!, second!]);
    expect(a!.status).toBe('CANCELLED');
    expect(b!.status).toBe('COMPLETED');
    const [message] = await cancelMessages(a!);
    expect(message).toContain('CANCEL_IN_PROGRESS');
    expect(message).toContain('"lw"');
  });

  it('CANCEL_NEWEST: runs arriving while the key is held are cancelled', async () => {
    const [first] = await trigger('first-wins', [{ key: 'fw', ms: 1_500 }]);
    await untilRunning(first!);
    const later = await trigger('first-wins', [
      { key: 'fw', ms: 100 },
      { key: 'fw', ms: 100 },
    ]);
    const runs = await finished([first!, ...later]);
    expect(runs.map((r) => r.status)).toEqual(['COMPLETED', 'CANCELLED', 'CANCELLED']);
    expect((await cancelMessages(runs[1]!))[0]).toContain('CANCEL_NEWEST');
    // A later run of the key, once it is free, runs.
    const [after] = await trigger('first-wins', [{ key: 'fw', ms: 100 }]);
    expect((await finished([after!]))[0]!.status).toBe('COMPLETED');
  });

  it('CANCEL_QUEUED_EXCEPT_NEWEST: only the newest waiting run follows the running one', async () => {
    const [first] = await trigger('debounced', [{ key: 'db', ms: 1_500, label: 'first' }]);
    await untilRunning(first!);
    const waiting = await trigger(
      'debounced',
      ['b', 'c', 'd'].map((label) => ({ key: 'db', ms: 100, label })),
    );
    const runs = await finished([first!, ...waiting]);
    expect(runs.map((r) => r.status)).toEqual(['COMPLETED', 'CANCELLED', 'CANCELLED', 'COMPLETED']);
    const [firstSpan, lastSpan] = spans([runs[0]!, runs[3]!]);
    expect(lastSpan!.startedAt).toBeGreaterThanOrEqual(firstSpan!.endedAt);
  });

  it('CANCEL_QUEUED_EXCEPT_OLDEST: only the oldest waiting run follows the running one', async () => {
    const [first] = await trigger('throttled', [{ key: 'th', ms: 1_500 }]);
    await untilRunning(first!);
    const waiting = await trigger(
      'throttled',
      ['b', 'c', 'd'].map((label) => ({ key: 'th', ms: 100, label })),
    );
    const runs = await finished([first!, ...waiting]);
    expect(runs.map((r) => r.status)).toEqual(['COMPLETED', 'COMPLETED', 'CANCELLED', 'CANCELLED']);
    expect((await cancelMessages(runs[3]!))[0]).toContain('CANCEL_QUEUED_EXCEPT_OLDEST');
  });

  it('a CEL limit: three premium runs side by side, free ones one at a time', async () => {
    const premium = [1, 2, 3].map(() => ({ key: 'tier-p', tier: 'premium', ms: 600 }));
    const free = [1, 2, 3].map(() => ({ key: 'tier-f', tier: 'free', ms: 300 }));
    const runs = await finished(await trigger('tiered', [...premium, ...free]));
    const all = spans(runs);
    expect(peakOverlap(all.filter((s) => s.key === 'tier-p'))).toBe(3);
    expect(peakOverlap(all.filter((s) => s.key === 'tier-f'))).toBe(1);
  });

  it('two keys on one task: both limits hold at once', async () => {
    const inputs = ['x', 'x', 'y', 'y'].map((label) => ({
      key: 'two',
      label: `two-${label}`,
      ms: 400,
    }));
    const all = spans(await finished(await trigger('two-keys', inputs)));
    expect(all).toHaveLength(4);
    expect(peakOverlap(all)).toBeLessThanOrEqual(2);
    expect(peakOverlap(all.filter((s) => s.label === 'two-x'))).toBe(1);
    expect(peakOverlap(all.filter((s) => s.label === 'two-y'))).toBe(1);
  });

  it('a workflow-level limit holds the key for the whole DAG run', async () => {
    const runs = await finished(
      await trigger('pipeline', [
        { key: 'pipe', ms: 300, label: 'one' },
        { key: 'pipe', ms: 300, label: 'two' },
      ]),
    );
    expect(runs.map((r) => r.status)).toEqual(['COMPLETED', 'COMPLETED']);
    const one = spans([runs[0]!]);
    const two = spans([runs[1]!]);
    const oneEnded = Math.max(...one.map((s) => s.endedAt));
    const twoStarted = Math.min(...two.map((s) => s.startedAt));
    expect(twoStarted).toBeGreaterThanOrEqual(oneEnded);
  });

  it('a tenant-scoped limit is shared by the workflows that name it', async () => {
    const a = await trigger(
      'shared-a',
      [1, 2].map(() => ({ key: 'shared', ms: 300 })),
    );
    const b = await trigger(
      'shared-b',
      [1, 2].map(() => ({ key: 'shared', ms: 300 })),
    );
    const all = spans(await finished([...a, ...b]));
    expect(all).toHaveLength(4);
    expect(peakOverlap(all)).toBe(1);
  });

  it('refuses a trigger whose key expression fails on its input, creating nothing', async () => {
    await expect(
      server.engine.trigger(server.tenantId, [{ workflowName: 'per-customer', input: { ms: 1 } }]),
    ).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });
});
