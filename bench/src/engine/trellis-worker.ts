/**
 * An SDK worker process serving the no-op task. Env: WORKER_NAME, WORKER_SLOTS and the usual
 * HATCHET_CLIENT_* variables. Prints "WORKER READY"; on a "STATS" line on stdin prints
 * `STATS {"executed":n,"duplicates":n}`.
 */
import { createInterface } from 'node:readline';
import { executions, hatchet, noop, type NoopInput } from './noop-task';

const seen = new Set<string>();
let executed = 0;
let duplicates = 0;
executions.onRun = (input: NoopInput) => {
  executed += 1;
  if (seen.has(input.id)) duplicates += 1;
  else seen.add(input.id);
};

async function main(): Promise<void> {
  const worker = await hatchet.worker(process.env['WORKER_NAME'] ?? 'bench-worker', {
    workflows: [noop],
    slots: Number(process.env['WORKER_SLOTS'] ?? 200),
  });
  createInterface({ input: process.stdin }).on('line', (line) => {
    if (line.trim() === 'STATS') console.log(`STATS ${JSON.stringify({ executed, duplicates })}`);
  });
  process.stdin.on('end', () => process.exit(0));
  const started = worker.start();
  await worker.waitUntilReady();
  console.log('WORKER READY');
  await started;
}

main().catch((error: unknown) => {
  console.error('worker failed:', error);
  process.exit(1);
});
