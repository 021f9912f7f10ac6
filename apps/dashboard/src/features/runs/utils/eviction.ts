/**
 * Whether a durable task is evicted now: its worker gave its slot back while it waits (see
 * ./durable-eviction.ts for what it waits for). Light enough for the runs list's first screen.
 */
import type { V1TaskEvent, V1TaskSummary } from '@/types/api';
import { newestFirst } from './task-events';

/** An eviction in force: why the worker let the task go (its DURABLE_EVICTED event's message). */
export interface Eviction {
  reason: string;
}

/**
 * Whether a task is evicted now, and why. Only a RUNNING task can be. The server says whether
 * (`isEvicted`); from a server that does not, the task's latest event tells: it is evicted when
 * that is its DURABLE_EVICTED, and any later event (DURABLE_RESTORING, ASSIGNED, STARTED…)
 * means a worker has it again, or is about to. "Latest" is in the engine's order, not by
 * timestamp: a worker's events carry the worker's clock, which can put an earlier STARTED
 * after the eviction. Rows of the runs list come without events: they have the server's word.
 */
export function currentEviction(
  task: Pick<V1TaskSummary, 'status' | 'isEvicted'>,
  events: readonly V1TaskEvent[] = [],
): Eviction | undefined {
  if (task.status !== 'RUNNING') return undefined;
  const ordered = newestFirst(events);
  const evicted = task.isEvicted ?? ordered[0]?.eventType === 'DURABLE_EVICTED';
  if (!evicted) return undefined;
  const event = ordered.find((candidate) => candidate.eventType === 'DURABLE_EVICTED');
  return { reason: event?.message ?? '' };
}
