/**
 * A worker serving every example. WORKER_NAME, WORKER_SLOTS, WORKER_DURABLE_SLOTS (the SDK's
 * default when unset) and WORKER_LABELS (a JSON object of labels) configure it; it prints
 * "WORKER READY" once registered and listening.
 */
import { allWorkflows } from './all-workflows';
import { hatchet } from './hatchet';

async function main(): Promise<void> {
  const worker = await hatchet.worker(process.env['WORKER_NAME'] ?? 'example-worker', {
    workflows: allWorkflows,
    slots: Number(process.env['WORKER_SLOTS'] ?? 100),
    ...(process.env['WORKER_DURABLE_SLOTS']
      ? { durableSlots: Number(process.env['WORKER_DURABLE_SLOTS']) }
      : {}),
    labels: JSON.parse(process.env['WORKER_LABELS'] ?? '{}') as Record<string, string | number>,
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
