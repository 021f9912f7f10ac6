/**
 * The durable benchmark's load generator:
 *
 *   durable-load.ts trigger <task> <count>  bulk-triggers runs (ids 0..count-1), in batches of
 *                                           500 as the SDK sends them; prints `TRIGGERED <ms>`
 *   durable-load.ts push <count> <per-s>    pushes the event of each waiter id at a steady
 *                                           rate; prints `PUSHED <ms>`
 */
import { hatchet } from '../engine/noop-task';
import { eventKeyOf } from './durable-constants';
import { durableTasks, type DurableTask } from './durable-tasks';

const BATCH = 500;

interface Bulk {
  runNoWait(inputs: unknown[]): Promise<unknown[]>;
}

async function trigger(task: DurableTask, count: number): Promise<void> {
  const target = durableTasks[task] as unknown as Bulk;
  const started = Date.now();
  for (let first = 0; first < count; first += BATCH) {
    const size = Math.min(BATCH, count - first);
    await target.runNoWait(Array.from({ length: size }, (_, i) => ({ id: `${first + i}` })));
  }
  console.log(`TRIGGERED ${Date.now() - started}`);
}

async function push(count: number, perSecond: number): Promise<void> {
  const started = Date.now();
  const pushes: Promise<unknown>[] = [];
  for (let i = 0; i < count; i++) {
    // Steady, not a burst: each event's latency is its own, not the queue's behind it.
    const due = started + (i * 1000) / perSecond;
    const wait = due - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    pushes.push(hatchet.events.push(eventKeyOf(`${i}`), { id: `${i}` }));
  }
  await Promise.all(pushes);
  console.log(`PUSHED ${Date.now() - started}`);
}

async function main(): Promise<void> {
  const [mode, a, b] = process.argv.slice(2);
  if (mode === 'trigger') await trigger(a as DurableTask, Number(b));
  else if (mode === 'push') await push(Number(a), Number(b));
  else throw new Error(`unknown mode ${mode}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('load failed:', error);
    process.exit(1);
  },
);
