/**
 * Batch tasks: each handler runs once for many queued tasks. `batch-upper` takes up to five at
 * a time or whatever arrived within half a second; `batch-by-group` batches per `input.group`
 * with one batch of a group running at a time, and says when each batch ran so that overlaps
 * show; `batch-total` gives every member the same (broadcast) output; `batch-broken` fails
 * every member; `batch-cancelled` cancels its own batch.
 */
import { hatchet } from './hatchet';

const workerName = () => process.env['WORKER_NAME'] ?? 'worker';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Item = { word: string; group?: string };

export const batchUpper = hatchet.batchTask({
  name: 'batch-upper',
  batch: { maxSize: 5, maxInterval: 500 },
  fn: async (tasks: Record<string, Item>, ctx) => {
    const size = Object.keys(tasks).length;
    const out: Record<
      string,
      { upper: string; batchSize: number; batchId: string; worker: string }
    > = {};
    for (const [id, input] of Object.entries(tasks)) {
      out[id] = {
        upper: input.word.toUpperCase(),
        batchSize: size,
        batchId: ctx.action.batchId ?? '',
        worker: workerName(),
      };
    }
    return out;
  },
});

export const batchByGroup = hatchet.batchTask({
  name: 'batch-by-group',
  batch: { maxSize: 3, maxInterval: 300, groupKey: 'input.group', groupMaxRuns: 1 },
  fn: async (tasks: Record<string, Item>) => {
    const startedAt = Date.now();
    await sleep(200);
    const endedAt = Date.now();
    const groups = [...new Set(Object.values(tasks).map((t) => t.group))];
    return Object.fromEntries(
      Object.keys(tasks).map((id) => [
        id,
        { groups, batchSize: Object.keys(tasks).length, startedAt, endedAt },
      ]),
    );
  },
});

export const batchTotal = hatchet.batchTask({
  name: 'batch-total',
  batch: { maxSize: 4, maxInterval: 1000, broadcastOutput: true },
  fn: async (tasks: Record<string, Item>) => ({
    letters: Object.values(tasks).reduce((sum, t) => sum + t.word.length, 0),
  }),
});

export const batchBroken = hatchet.batchTask({
  name: 'batch-broken',
  batch: { maxSize: 3, maxInterval: 200 },
  fn: async (): Promise<Record<string, never>> => {
    throw new Error('the batch handler broke');
  },
});

export const batchCancelled = hatchet.batchTask({
  name: 'batch-cancelled',
  batch: { maxSize: 2, maxInterval: 200, broadcastOutput: true },
  fn: async (_tasks: Record<string, Item>, ctx) => {
    await ctx.cancel();
    return {};
  },
});

export const batchWorkflows = [batchUpper, batchByGroup, batchTotal, batchBroken, batchCancelled];
