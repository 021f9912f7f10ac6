import { useState } from 'react';
import { useNavigate } from 'react-router';
import { tenantHref } from '@/config/paths';
import { useRefetchInterval } from '@/hooks/use-refetch-interval';
import { errorMessage } from '@/lib/api-error';
import type { V1TaskSummary } from '@/types/api';
import { useRuns } from '../api/list-runs';
import { RunsTable } from './runs-table';

const DAY_MS = 86_400_000;
/** Child runs are looked for this far back, whatever the list's time filter says. */
const CHILD_RUNS_DAYS = 31;
const RELATED_RUNS_LIMIT = 100;

/** How the runs relate to what is shown: spawned by a task, or triggered by an event. */
type Relation = { parent_task_external_id: string } | { triggering_event_external_id: string };

/** Runs related to a task or an event, newest first, in a compact table when in a panel. */
function RelatedRuns({
  tenantId,
  relation,
  since,
  label,
  empty,
  onOpenTask,
  compact,
}: {
  tenantId: string;
  relation: Relation;
  /** Runs created before this are not looked for (the list endpoint needs a window). */
  since: string;
  label: string;
  empty: { title: string; description: string };
  onOpenTask: (task: V1TaskSummary) => void;
  compact?: boolean;
}) {
  const { refetchInterval } = useRefetchInterval();
  const runs = useRuns(
    tenantId,
    {
      since,
      until: undefined,
      only_tasks: false,
      offset: 0,
      limit: RELATED_RUNS_LIMIT,
      statuses: undefined,
      workflow_ids: undefined,
      additional_metadata: undefined,
      include_payloads: false,
      ...relation,
    },
    { refetchInterval },
  );
  return (
    <div className="max-h-[600px] overflow-y-auto rounded-lg border border-border">
      <RunsTable
        tenantId={tenantId}
        label={label}
        rows={runs.data?.rows ?? []}
        isPending={runs.isPending}
        error={
          runs.isError
            ? `Could not load ${label.toLowerCase()}: ${errorMessage(runs.error)}`
            : undefined
        }
        onRetry={() => void runs.refetch()}
        onOpenTask={onOpenTask}
        empty={empty}
        compact={compact}
      />
    </div>
  );
}

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
  // Fixed when the list opens, so the query key (and cache) stays put between renders.
  const [since] = useState(() => new Date(Date.now() - CHILD_RUNS_DAYS * DAY_MS).toISOString());
  return (
    <RelatedRuns
      tenantId={tenantId}
      relation={{ parent_task_external_id: parentTaskId }}
      since={since}
      label="Child runs"
      empty={{ title: 'No child runs', description: 'This task has not spawned any runs.' }}
      onOpenTask={onOpenTask}
    />
  );
}

/**
 * The runs an event triggered (reference 5.6, the event panel's runs table). A task of a DAG
 * run opens on its run's page, since the event's panel is already the open panel.
 */
export function TriggeredRuns({
  tenantId,
  eventId,
  seenAt,
}: {
  tenantId: string;
  eventId: string;
  /** When the event arrived: its runs were created after it (a minute of clock skew allowed). */
  seenAt: string;
}) {
  const navigate = useNavigate();
  const since = new Date(Date.parse(seenAt) - 60_000).toISOString();
  return (
    <RelatedRuns
      tenantId={tenantId}
      relation={{ triggering_event_external_id: eventId }}
      since={since}
      label="Triggered runs"
      empty={{
        title: 'No runs',
        description:
          'No workflow has an event trigger on this key, or the filters of those that do left it out.',
      }}
      onOpenTask={(task) =>
        void navigate(
          `${tenantHref(tenantId, 'runs/:run', { run: task.workflowRunExternalId })}?task=${encodeURIComponent(task.metadata.id)}`,
        )
      }
      compact
    />
  );
}
