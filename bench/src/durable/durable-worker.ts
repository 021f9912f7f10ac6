/**
 * An SDK worker serving the durable benchmark's tasks. Env: WORKER_NAME, DURABLE_SLOTS and the
 * usual HATCHET_CLIENT_* variables. Prints "WORKER READY".
 */
import { hatchet } from '../engine/noop-task';
import { durableTasks } from './durable-tasks';

async function main(): Promise<void> {
  const worker = await hatchet.worker(process.env['WORKER_NAME'] ?? 'durable-worker', {
    workflows: Object.values(durableTasks),
    slots: 10,
    durableSlots: Number(process.env['DURABLE_SLOTS'] ?? 200),
  });
  const started = worker.start();
  await worker.waitUntilReady();
  console.log('WORKER READY');
  await started;
}

main().catch((error: unknown) => {
  console.error('worker failed:', error);
  process.exit(1);
});
