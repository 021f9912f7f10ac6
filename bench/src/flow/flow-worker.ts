/**
 * An SDK worker serving the flow control benchmark's tasks. Env: WORKER_NAME, WORKER_SLOTS and
 * the usual HATCHET_CLIENT_* variables. Prints "WORKER READY".
 */
import { hatchet } from '../engine/noop-task';
import { flowTasks } from './flow-tasks';

async function main(): Promise<void> {
  const worker = await hatchet.worker(process.env['WORKER_NAME'] ?? 'flow-worker', {
    workflows: Object.values(flowTasks),
    slots: Number(process.env['WORKER_SLOTS'] ?? 500),
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
