/**
 * The tenant's queue as the REST queue metrics give it, for benchmarks that wait for a burst
 * to settle (all done, or all waiting).
 */
import { sleep } from './child';
import type { RestSession } from './rest-session';

interface QueueTotals {
  numQueued: number;
  numRunning: number;
  numPending: number;
}

async function queueTotals(session: RestSession): Promise<QueueTotals | undefined> {
  const response = await session.fetch(`/api/v1/tenants/${session.tenantId}/queue-metrics`);
  return ((await response.json()) as { total?: QueueTotals }).total;
}

/** Waits until nothing is pending, queued or running. */
export async function drained(session: RestSession): Promise<void> {
  for (;;) {
    const total = await queueTotals(session);
    if (total && total.numQueued + total.numRunning + total.numPending === 0) return;
    await sleep(250);
  }
}

/** Waits until at least `count` tasks run and none is queued. */
export async function allRunning(session: RestSession, count: number): Promise<void> {
  for (;;) {
    const total = await queueTotals(session);
    if (total && total.numQueued === 0 && total.numRunning >= count) return;
    await sleep(250);
  }
}
