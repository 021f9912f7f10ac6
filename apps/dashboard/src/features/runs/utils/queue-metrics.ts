/**
 * What the Queue Metrics dialog draws: the queued tasks of each queue, and per task name its
 * queued and running tasks per concurrency key, from GET step-run-queue-metrics and
 * GET task-stats. Empty queues and idle task names are left out; the busiest come first.
 */
import type { TaskStats, TenantStepRunQueueMetrics } from '@/types/api';

export interface QueueCount {
  /** The queue: an action, `<workflow>:<task>`. */
  queue: string;
  queued: number;
}

export interface KeyCounts {
  key: string;
  queued: number;
  running: number;
}

/** One concurrency limit of a task: its key expression, strategy and the counts per key. */
export interface ConcurrencyCounts {
  expression: string;
  strategy: string | undefined;
  keys: KeyCounts[];
}

export interface TaskCounts {
  taskName: string;
  queued: number;
  running: number;
  /** When the longest-waiting queued task was queued. */
  oldestQueued: string | undefined;
  concurrency: ConcurrencyCounts[];
}

const byName = (a: string, b: string) => a.localeCompare(b);

/** Queues with tasks waiting, the longest first. */
export function queueCounts(metrics: TenantStepRunQueueMetrics | undefined): QueueCount[] {
  return Object.entries(metrics?.queues ?? {})
    .filter(([, queued]) => queued > 0)
    .map(([queue, queued]) => ({ queue, queued }))
    .sort((a, b) => b.queued - a.queued || byName(a.queue, b.queue));
}

/** Task names with tasks queued or running, the most queued first, each limit's keys merged. */
export function taskCounts(stats: TaskStats | undefined): TaskCounts[] {
  return Object.entries(stats ?? {})
    .map(([taskName, { queued, running }]) => ({
      taskName,
      queued: queued?.total ?? 0,
      running: running?.total ?? 0,
      oldestQueued: queued?.oldest,
      concurrency: mergeConcurrency(queued?.concurrency ?? [], running?.concurrency ?? []),
    }))
    .filter((task) => task.queued + task.running > 0)
    .sort((a, b) => b.queued - a.queued || b.running - a.running || byName(a.taskName, b.taskName));
}

type ConcurrencyStat = NonNullable<NonNullable<TaskStats[string]['queued']>['concurrency']>[number];

/** The queued and running stats list the same limits apart: one entry per limit, both counts per key. */
function mergeConcurrency(
  queued: readonly ConcurrencyStat[],
  running: readonly ConcurrencyStat[],
): ConcurrencyCounts[] {
  const limits = new Map<
    string,
    { expression: string; strategy?: string; keys: Map<string, KeyCounts> }
  >();
  const add = (stats: readonly ConcurrencyStat[], field: 'queued' | 'running') => {
    for (const stat of stats) {
      const expression = stat.expression ?? '';
      const id = `${expression}\u0000${stat.type ?? ''}`;
      let limit = limits.get(id);
      if (!limit) {
        limit = { expression, strategy: stat.type, keys: new Map() };
        limits.set(id, limit);
      }
      for (const [key, count] of Object.entries(stat.keys ?? {})) {
        const counts = limit.keys.get(key) ?? { key, queued: 0, running: 0 };
        counts[field] += count;
        limit.keys.set(key, counts);
      }
    }
  };
  add(queued, 'queued');
  add(running, 'running');
  return [...limits.values()].map((limit) => ({
    expression: limit.expression,
    strategy: limit.strategy,
    keys: [...limit.keys.values()].sort(
      (a, b) => b.queued + b.running - (a.queued + a.running) || byName(a.key, b.key),
    ),
  }));
}
