/**
 * A worker serving every example. WORKER_NAME and WORKER_SLOTS configure it; it prints
 * "WORKER READY" once registered and listening.
 */
import { allWorkflows } from './all-workflows';
import { hatchet } from './hatchet';

async function main(): Promise<void> {
  const worker = await hatchet.worker(process.env['WORKER_NAME'] ?? 'example-worker', {
    workflows: allWorkflows,
    slots: Number(process.env['WORKER_SLOTS'] ?? 100),
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
