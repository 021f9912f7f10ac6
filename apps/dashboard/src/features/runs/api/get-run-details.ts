import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLiveStatus } from '@/hooks/use-live-status';
import { API_BASE, api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { isTerminalStatus } from '@/lib/status';
import type { V1WorkflowRunDetails } from '@/types/api';

/** Polling of a run's page: every second while it runs, every five once it has finished. */
export const LIVE_POLL_MS = 1_000;
export const FINISHED_POLL_MS = 5_000;

/**
 * GET /api/v1/stable/workflow-runs/{run}: the run with its tasks (payloads included), every
 * task event and the shape of its DAG.
 */
export function getRunDetails(runId: string, signal?: AbortSignal): Promise<V1WorkflowRunDetails> {
  return api.get<V1WorkflowRunDetails>(
    `${API_BASE}/stable/workflow-runs/${encodeURIComponent(runId)}`,
    { signal },
  );
}

export const runDetailsQueryKey = (runId: string) => ['workflow-runs', runId] as const;

export function runDetailsQueryOptions(runId: string) {
  return queryOptions({
    queryKey: runDetailsQueryKey(runId),
    queryFn: ({ signal }) => getRunDetails(runId, signal),
    // A run that does not exist will not appear by asking again.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
}

/** The run page's clock for a run, or one of its tasks, in `status`: 1 s live, 5 s finished. */
export function pollIntervalFor(status: string | undefined): number {
  return isTerminalStatus(status) ? FINISHED_POLL_MS : LIVE_POLL_MS;
}

/**
 * The run, refreshed on its own clock (not the global interval) unless the tenant's live
 * updates are open: every change to its tasks then refetches it (features/live).
 */
export function useRunDetails(runId: string | undefined) {
  const live = useLiveStatus() === 'live';
  return useQuery({
    ...runDetailsQueryOptions(runId ?? ''),
    enabled: Boolean(runId),
    refetchInterval: (query) => {
      if (live || query.state.status === 'error') return false;
      return pollIntervalFor(query.state.data?.run.status);
    },
  });
}
