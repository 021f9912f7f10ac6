/**
 * Where tasks run: one that needs a worker labelled `gpu: yes`, and a sticky (HARD) DAG whose
 * second task runs on the worker of its first. Each reports the worker it ran on.
 */
import { StickyStrategy } from '@hatchet-dev/typescript-sdk/v1';
import { hatchet } from './hatchet';

const workerName = () => process.env['WORKER_NAME'] ?? 'worker';

export const render = hatchet.task({
  name: 'render',
  desiredWorkerLabels: { gpu: { value: 'yes', required: true } },
  fn: async () => ({ worker: workerName() }),
});

export const pinned = hatchet.workflow({ name: 'pinned', sticky: StickyStrategy.HARD });
const warm = pinned.task({ name: 'warm', fn: async () => ({ worker: workerName() }) });
pinned.task({
  name: 'use',
  parents: [warm],
  fn: async () => ({ worker: workerName() }),
});

export const placementWorkflows = [render, pinned];
