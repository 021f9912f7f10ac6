import { useState } from 'react';
import { useRefetchInterval } from '@/hooks/use-refetch-interval';
import { errorMessage } from '@/lib/api-error';
import type { V1TaskSummary } from '@/types/api';
import { useRuns } from '../api/list-runs';
import { RunsTable } from './runs-table';

/** Child runs are looked for this far back, whatever the list's time filter says. */
const CHILD_RUNS_DAYS = 31;
const CHILD_RUNS_LIMIT = 100;

/** The runs a task spawned (its children), newest first. */
export function ChildRuns({
  tenantId,
  parentTaskId,
  onOpenTask,
}: {
  tenantId: string;
  parentTaskId: string;
  onOpenTask: (task: V1TaskSummary) => void;
}) {
  const { refetchInterval } = useRefetchInterval();
  // Fixed when the list opens, so the query key (and cache) stays put between renders.
  const [since] = useState(() => new Date(Date.now() - CHILD_RUNS_DAYS * 86_400_000).toISOString());
  const runs = useRuns(
    tenantId,
    {
      since,
      until: undefined,
      only_tasks: false,
      offset: 0,
      limit: CHILD_RUNS_LIMIT,
      statuses: undefined,
      workflow_ids: undefined,
      additional_metadata: undefined,
      include_payloads: false,
      parent_task_external_id: parentTaskId,
    },
    { refetchInterval },
  );
  return (
    <div className="max-h-[600px] overflow-y-auto rounded-lg border border-border">
      <RunsTable
        tenantId={tenantId}
        label="Child runs"
        rows={runs.data?.rows ?? []}
        isPending={runs.isPending}
        error={runs.isError ? `Could not load child runs: ${errorMessage(runs.error)}` : undefined}
        onRetry={() => void runs.refetch()}
        onOpenTask={onOpenTask}
        empty={{ title: 'No child runs', description: 'This task has not spawned any runs.' }}
      />
    </div>
  );
}
