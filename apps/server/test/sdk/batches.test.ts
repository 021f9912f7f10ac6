/**
 * Batch tasks declared with the SDK's `batchTask` (examples/src/batches.ts) and served by a real
 * SDK worker process: the worker gets START_BATCH actions and answers with
 * SendBatchActionEvent. Assertions look at what each member's output says of its batch (its
 * id, its size, when it ran), never at how fast.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunDetails } from '@trellis/engine';
import { eventually, killAll, startTestServer, startWorker, type TestServer } from './harness';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await startWorker(server.address, server.token, { name: 'batcher', slots: 10 });
}, 120_000);
afterAll(async () => {
  await killAll();
  await server?.close();
});

function finished(runIds: string[]): Promise<RunDetails[]> {
  return eventually(async () => {
    const runs = await Promise.all(
      runIds.map((id) => server.engine.getRunDetails(server.tenantId, id)),
    );
    return runs.every((r) => ['COMPLETED', 'FAILED', 'CANCELLED'].includes(r.status))
      ? runs
      : undefined;
  });
}

const trigger = (workflowName: string, inputs: Record<string, unknown>[]) =>
  server.engine.trigger(
    server.tenantId,
    inputs.map((input) => ({ workflowName, input })),
  );

const outputOf = <T>(run: RunDetails) => run.tasks[0]!.output as T;

describe('batch tasks through the SDK', () => {
  it('runs full batches of five, and the rest when the interval runs out, each member with its own output', async () => {
    const words = Array.from({ length: 12 }, (_, i) => `word${i}`);
    const runs = await finished(
      await trigger(
        'batch-upper',
        words.map((word) => ({ word })),
      ),
    );
    expect(runs.map((r) => r.status)).toEqual(words.map(() => 'COMPLETED'));
    const outputs = runs.map((r) =>
      outputOf<{ upper: string; batchSize: number; batchId: string }>(r),
    );
    expect(outputs.map((o) => o.upper)).toEqual(words.map((w) => w.toUpperCase()));
    // Members of one batch agree on its size, and no batch is larger than five.
    const sizes = new Map<string, number[]>();
    for (const o of outputs) sizes.set(o.batchId, [...(sizes.get(o.batchId) ?? []), o.batchSize]);
    for (const [id, members] of sizes) {
      expect(id).not.toBe('');
      expect(new Set(members)).toEqual(new Set([members.length]));
      expect(members.length).toBeLessThanOrEqual(5);
    }
    expect([...sizes.values()].reduce((n, m) => n + m.length, 0)).toBe(12);
    // Twelve tasks triggered together: two full batches, and two left for the interval.
    expect([...sizes.values()].map((m) => m.length).sort()).toEqual([2, 5, 5]);
  });

  it('batches per group key, and runs one batch of a group at a time', async () => {
    const inputs = ['a', 'b'].flatMap((group) =>
      Array.from({ length: 7 }, (_, i) => ({ word: `${group}${i}`, group })),
    );
    const runs = await finished(await trigger('batch-by-group', inputs));
    expect(runs.every((r) => r.status === 'COMPLETED')).toBe(true);
    type Out = { groups: string[]; batchSize: number; startedAt: number; endedAt: number };
    const outputs = runs.map((r) => outputOf<Out>(r));
    for (const o of outputs) {
      expect(o.groups).toHaveLength(1);
      expect(o.batchSize).toBeLessThanOrEqual(3);
    }
    for (const group of ['a', 'b']) {
      const batches = [
        ...new Map(
          outputs.filter((o) => o.groups[0] === group).map((o) => [o.startedAt, o]),
        ).values(),
      ].sort((x, y) => x.startedAt - y.startedAt);
      expect(batches.length).toBeGreaterThanOrEqual(3);
      // groupMaxRuns 1: a group's next batch starts after its previous one ended.
      for (let i = 1; i < batches.length; i++) {
        expect(batches[i]!.startedAt).toBeGreaterThanOrEqual(batches[i - 1]!.endedAt);
      }
    }
  });

  it('gives every member the broadcast output', async () => {
    const runs = await finished(
      await trigger('batch-total', [
        { word: 'ab' },
        { word: 'cde' },
        { word: 'f' },
        { word: 'gh' },
      ]),
    );
    expect(runs.map((r) => outputOf(r))).toEqual(Array(4).fill({ letters: 8 }));
  });

  it('fails every member when the handler throws', async () => {
    const runs = await finished(await trigger('batch-broken', [{ word: 'x' }, { word: 'y' }]));
    expect(runs.map((r) => r.status)).toEqual(['FAILED', 'FAILED']);
    expect(runs[0]!.tasks[0]!.error).toContain('the batch handler broke');
  });

  it('cancels every member when the handler cancels its batch', async () => {
    const runs = await finished(await trigger('batch-cancelled', [{ word: 'x' }, { word: 'y' }]));
    expect(runs.map((r) => r.status)).toEqual(['CANCELLED', 'CANCELLED']);
  });
});
