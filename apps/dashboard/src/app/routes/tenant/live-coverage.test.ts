// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, partialMatchKey } from '@tanstack/react-query';
import type { QueryKey } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { createElement } from 'react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TENANT_SCREENS } from '@/config/paths';
import { useTaskAttempt } from '@/features/attempt-diff/api/get-task-attempt';
import { useDurableEventLog } from '@/features/runs/api/get-durable-event-log';
import { useRunDetails } from '@/features/runs/api/get-run-details';
import { useStepRunQueueMetrics } from '@/features/runs/api/get-step-run-queue-metrics';
import { useTask } from '@/features/runs/api/get-task';
import { useTaskMetrics } from '@/features/runs/api/get-task-metrics';
import { useTaskPointMetrics } from '@/features/runs/api/get-task-point-metrics';
import { useTaskStats } from '@/features/runs/api/get-task-stats';
import { useTaskTimings } from '@/features/runs/api/get-task-timings';
import { useTaskWaiting } from '@/features/runs/api/get-task-waiting';
import { useRuns } from '@/features/runs/api/list-runs';
import { useTaskLog } from '@/features/runs/api/list-task-logs';
import { useWorker } from '@/features/workers/api/get-worker';
import { useWorkers } from '@/features/workers/api/list-workers';
import { useWorkflows } from '@/features/workflows/api/list-workflows';
import type { V1LiveChanges, V1TaskSummary } from '@/types/api';
import { INVALIDATION_WINDOW_MS } from '@/features/live/invalidation-batcher';
import {
  RUN_AGGREGATES_WINDOW_MS,
  isLiveScreen,
  liveQueryKeys,
  liveRefetchWindow,
  patchLiveRows,
} from './live-coverage';

const TENANT = 'tenant-1';
const changes = (named: Partial<V1LiveChanges>): V1LiveChanges => ({
  runs: [],
  tasks: [],
  logs: [],
  workers: [],
  ...named,
});

/** The keys of the queries the screens make, by what they show (the features' own hooks). */
function screenQueryKeys() {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise(() => {})),
  );
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(QueryClientProvider, { client }, children);
  const keyOf = (use: () => unknown): QueryKey => {
    const before = new Set(client.getQueryCache().getAll());
    renderHook(use, { wrapper });
    const added = client
      .getQueryCache()
      .getAll()
      .filter((query) => !before.has(query));
    expect(added).toHaveLength(1);
    return added[0]!.queryKey;
  };
  const since = '2026-01-01T00:00:00.000Z';
  return {
    tenantRuns: [
      keyOf(() => useRuns(TENANT, { since, limit: 50 } as Parameters<typeof useRuns>[1])),
      keyOf(() => useTaskMetrics(TENANT, { since })),
      keyOf(() => useTaskPointMetrics(TENANT, { createdAfter: since })),
      keyOf(() => useTaskStats(TENANT)),
      keyOf(() => useStepRunQueueMetrics(TENANT)),
    ],
    run: [keyOf(() => useRunDetails('run-1')), keyOf(() => useTaskTimings('run-1', 2))],
    task: [
      keyOf(() => useTask('task-1')),
      keyOf(() => useTaskAttempt('task-1', 1)),
      keyOf(() => useTaskWaiting('task-1')),
      keyOf(() => useDurableEventLog(TENANT, 'task-1', { refetchInterval: false })),
    ],
    taskLog: keyOf(() => useTaskLog('task-1', false)),
    workers: keyOf(() => useWorkers(TENANT)),
    worker: keyOf(() => useWorker('worker-1')),
    workflows: keyOf(() => useWorkflows(TENANT, { offset: 0, limit: 200, name: '' })),
  };
}

/** Whether invalidating `keys` reaches the query with `queryKey`. */
const reaches = (keys: QueryKey[], queryKey: QueryKey) =>
  keys.some((key) => partialMatchKey(queryKey, key));

describe('liveQueryKeys', () => {
  const screens = screenQueryKeys();

  it("reaches the tenant's run lists, counts and charts when any run changed", () => {
    const keys = liveQueryKeys(TENANT, changes({ runs: ['run-2'] }));
    for (const key of screens.tenantRuns) expect(reaches(keys, key), String(key)).toBe(true);
    for (const key of screens.run) expect(reaches(keys, key)).toBe(false);
    expect(
      reaches(liveQueryKeys(TENANT, changes({ tasks: ['task-2'] })), screens.tenantRuns[0]!),
    ).toBe(false);
  });

  it('reaches the details and timings of each changed run', () => {
    const keys = liveQueryKeys(TENANT, changes({ runs: ['run-1'] }));
    for (const key of screens.run) expect(reaches(keys, key)).toBe(true);
  });

  it('reaches each changed task with what hangs off it, and the logs of tasks that logged', () => {
    const changed = liveQueryKeys(TENANT, changes({ tasks: ['task-1'] }));
    for (const key of [...screens.task, screens.taskLog]) expect(reaches(changed, key)).toBe(true);
    expect(reaches(liveQueryKeys(TENANT, changes({ tasks: ['task-2'] })), screens.task[0]!)).toBe(
      false,
    );

    const logged = liveQueryKeys(TENANT, changes({ logs: ['task-1'] }));
    expect(reaches(logged, screens.taskLog)).toBe(true);
    for (const key of screens.task) expect(reaches(logged, key)).toBe(false);
  });

  it('reaches the worker list and each changed worker', () => {
    const keys = liveQueryKeys(TENANT, changes({ workers: ['worker-1'] }));
    expect(reaches(keys, screens.workers)).toBe(true);
    expect(reaches(keys, screens.worker)).toBe(true);
    const other = liveQueryKeys(TENANT, changes({ workers: ['worker-2'] }));
    expect(reaches(other, screens.worker)).toBe(false);
    expect(reaches(liveQueryKeys(TENANT, changes({ runs: ['run-1'] })), screens.workers)).toBe(
      false,
    );
  });

  it('reaches nothing for an empty message, and what the stream does not carry never', () => {
    expect(liveQueryKeys(TENANT, changes({}))).toEqual([]);
    const busy = liveQueryKeys(
      TENANT,
      changes({ runs: ['run-1'], tasks: ['task-1'], logs: ['task-1'], workers: ['worker-1'] }),
    );
    expect(reaches(busy, screens.workflows)).toBe(false);
  });

  it('reaches every tenant query when everything may have changed', () => {
    const keys = liveQueryKeys(TENANT, changes({ all: true }));
    const { tenantRuns, run, task, taskLog, workers, worker, workflows } = screens;
    for (const key of [...tenantRuns, ...run, ...task, taskLog, workers, worker, workflows]) {
      expect(reaches(keys, key), JSON.stringify(key)).toBe(true);
    }
    expect(reaches(keys, ['tenants', 'tenant-2', 'workflow-runs'])).toBe(false);
    expect(reaches(keys, ['users', 'current'])).toBe(false);
  });
});

describe('liveRefetchWindow', () => {
  it("gives the tenant's run lists and aggregates the longer window, the rest the usual", () => {
    const keys = liveQueryKeys(TENANT, changes({ runs: ['run-1'], tasks: ['task-1'] }));
    const windows = keys.map(liveRefetchWindow);
    const tenantWide = keys.filter((key) => key[0] === 'tenants');
    expect(tenantWide).toHaveLength(5);
    for (const key of tenantWide) expect(liveRefetchWindow(key)).toBe(RUN_AGGREGATES_WINDOW_MS);
    expect(windows.filter((ms) => ms === INVALIDATION_WINDOW_MS)).toHaveLength(keys.length - 5);
  });
});

describe('patchLiveRows', () => {
  it("puts a message's run rows into the tenant's run lists", () => {
    const { tenantRuns } = screenQueryKeys();
    const client = new QueryClient();
    const row = (id: string, status: string) =>
      ({ metadata: { id }, createdAt: '2026-11-27T10:00:00.000Z', status }) as V1TaskSummary;
    client.setQueryData(tenantRuns[0]!, { rows: [row('run-1', 'RUNNING')] });
    patchLiveRows(client, TENANT, changes({ runs: ['run-1'], rows: [row('run-1', 'FAILED')] }));
    expect(client.getQueryData(tenantRuns[0]!)).toEqual({ rows: [row('run-1', 'FAILED')] });
  });
});

describe('isLiveScreen', () => {
  it('is the runs list only, among the real screens', () => {
    expect(TENANT_SCREENS.filter((screen) => isLiveScreen(screen.path)).map((s) => s.path)).toEqual(
      ['runs'],
    );
    expect(isLiveScreen(undefined)).toBe(false);
  });
});
