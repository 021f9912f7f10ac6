/**
 * What the tenant's live updates (features/live) keep fresh in this dashboard: the queries a
 * change touches, composed from the features' query keys, and the screens whose every list
 * is among them. Each key also stands for the keys it prefixes.
 */
import { hashKey } from '@tanstack/react-query';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { INVALIDATION_WINDOW_MS } from '@/features/live/invalidation-batcher';
import type { TenantScreenPath } from '@/config/paths';
import { runDetailsQueryKey } from '@/features/runs/api/get-run-details';
import { stepRunQueueMetricsQueryOptions } from '@/features/runs/api/get-step-run-queue-metrics';
import { taskQueryOptions } from '@/features/runs/api/get-task';
import { taskStatsQueryOptions } from '@/features/runs/api/get-task-stats';
import { runListsQueryKey, runsQueryKey } from '@/features/runs/api/list-runs';
import { receiveLiveRunRows } from '@/features/runs/api/live-run-rows';
import { taskLogQueryKey } from '@/features/runs/api/list-task-logs';
import { tenantQueryKey } from '@/features/tenants/api/get-tenant';
import { workerQueryKey } from '@/features/workers/api/get-worker';
import { workersQueryKey } from '@/features/workers/api/list-workers';
import type { V1LiveChanges } from '@/types/api';

/**
 * The queries a change touches:
 * - any run changed: the tenant's run lists (the runs list, child runs, the runs tables of
 *   a workflow and a worker), their status counts and chart, and the queue metrics;
 * - each changed run: its details and task timings;
 * - each changed task: the task and what hangs off it (why it waits, its durable log, its
 *   logs, whose last lines come with its final status);
 * - each task that logged: its logs;
 * - any worker changed: the worker list, and each changed worker.
 * `all` (too much changed to name, or the stream could not resume): every tenant query.
 */
export function liveQueryKeys(tenantId: string, changes: V1LiveChanges): QueryKey[] {
  // The by-id queries (runs, tasks, workers) are not under the tenant's key.
  if (changes.all) return [tenantQueryKey(tenantId), ['workflow-runs'], ['tasks'], ['workers']];
  const keys: QueryKey[] = [];
  if (changes.runs.length > 0) keys.push(...tenantRunKeys(tenantId));
  for (const runId of changes.runs) keys.push(runDetailsQueryKey(runId));
  for (const taskId of changes.tasks) keys.push(taskQueryOptions(taskId).queryKey);
  for (const taskId of changes.logs) keys.push(taskLogQueryKey(taskId));
  if (changes.workers.length > 0) keys.push(workersQueryKey(tenantId));
  for (const workerId of changes.workers) keys.push(workerQueryKey(workerId));
  return keys;
}

/** The tenant's run lists, counts, chart and queue metrics: what any run's change touches. */
function tenantRunKeys(tenantId: string): QueryKey[] {
  return [
    runsQueryKey(tenantId),
    // features/runs/api has no key builder for these families; the test checks them.
    [...tenantQueryKey(tenantId), 'task-metrics'],
    [...tenantQueryKey(tenantId), 'task-point-metrics'],
    taskStatsQueryOptions(tenantId).queryKey,
    stepRunQueueMetricsQueryOptions(tenantId).queryKey,
  ];
}

/** How often at most the tenant-wide run queries refetch for changes. */
export const RUN_AGGREGATES_WINDOW_MS = 1_000;

/**
 * The refetch window of a key: the tenant-wide run queries get a longer one. Their counts
 * and charts cost the server most, once per open dashboard, and the lists' changed rows show
 * at once from the stream (patchLiveRows), so their refetch only brings what rows cannot say
 * (counts, pages, runs that pass too fast to be carried).
 */
export function liveRefetchWindow(key: QueryKey): number {
  const tenantId = key[0] === 'tenants' ? key[1] : undefined;
  if (typeof tenantId !== 'string') return INVALIDATION_WINDOW_MS;
  const hash = hashKey(key);
  return tenantRunKeys(tenantId).some((runKey) => hashKey(runKey) === hash)
    ? RUN_AGGREGATES_WINDOW_MS
    : INVALIDATION_WINDOW_MS;
}

/** What a change carries that shows before any refetch: the changed runs' list rows. */
export function patchLiveRows(client: QueryClient, tenantId: string, changes: V1LiveChanges) {
  if (changes.rows?.length) {
    receiveLiveRunRows(client, tenantId, runListsQueryKey(tenantId), changes.rows);
  }
}

/**
 * Screens whose every list is kept fresh by the keys above, so they need not poll while the
 * stream is live. Not the run page (its waterfall shows child runs, and a child's change
 * names the child only) nor the workers' (their slot use moves with tasks, not named per
 * worker): those keep polling as well.
 */
const LIVE_SCREENS: ReadonlySet<TenantScreenPath> = new Set(['runs']);

export function isLiveScreen(path: string | undefined): boolean {
  return path !== undefined && (LIVE_SCREENS as ReadonlySet<string>).has(path);
}
