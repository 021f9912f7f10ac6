/**
 * Trigger Run, composed for the runs list, a workflow's page, Scheduled Runs and Cron Jobs:
 * the workflows to choose from and the chosen one's input schema come from the workflows
 * feature, the dialog and the trigger call from the runs feature, scheduling a run and
 * creating a cron from the scheduled-runs and crons features. Loaded when first opened.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCreateCron } from '@/features/crons/api/create-cron';
import { TriggerRunDialog } from '@/features/runs/components/trigger-run-dialog';
import type {
  TriggerTimings,
  TriggerWorkflowOption,
} from '@/features/runs/components/trigger-run-dialog';
import type { Timing } from '@/features/runs/utils/trigger-timing';
import { useCreateScheduledRun } from '@/features/scheduled-runs/api/create-scheduled-run';
import { workflowVersionQueryOptions } from '@/features/workflows/api/get-workflow-version';
import { useWorkflows } from '@/features/workflows/api/list-workflows';
import { useDebouncedValue } from '@/hooks/use-debounced-value';

const SEARCH_DEBOUNCE_MS = 300;
/** The reference refreshes the dialog's workflow list every 15 s. */
const WORKFLOW_LIST_REFRESH_MS = 15_000;
const WORKFLOW_LIST_LIMIT = 200;

export default function TriggerRun({
  tenantId,
  open,
  onOpenChange,
  workflow,
  initialTiming,
}: {
  tenantId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Preselected and fixed (from a workflow's page). */
  workflow?: TriggerWorkflowOption;
  /** The tab it opens on; Now unless given. */
  initialTiming?: Timing;
}) {
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [chosen, setChosen] = useState<TriggerWorkflowOption | undefined>(workflow);
  const createScheduledRun = useCreateScheduledRun(tenantId);
  const createCron = useCreateCron(tenantId);
  const timings: TriggerTimings = {
    schedule: (workflowName, body) => createScheduledRun.mutateAsync({ workflowName, body }),
    cron: (workflowName, body) => createCron.mutateAsync({ workflowName, body }),
  };
  const workflows = useWorkflows(
    tenantId,
    { offset: 0, limit: WORKFLOW_LIST_LIMIT, name: workflow ? '' : term },
    { refetchInterval: WORKFLOW_LIST_REFRESH_MS },
  );
  const version = useQuery({
    ...workflowVersionQueryOptions(chosen?.id ?? ''),
    enabled: Boolean(chosen),
  });
  const listed = (workflows.data?.rows ?? []).map((row) => ({
    id: row.metadata.id,
    name: row.name,
  }));
  // The chosen workflow stays choosable when a new search leaves it out.
  const options = workflow
    ? [workflow]
    : chosen && !listed.some((option) => option.id === chosen.id)
      ? [chosen, ...listed]
      : listed;
  return (
    <TriggerRunDialog
      tenantId={tenantId}
      open={open}
      onOpenChange={onOpenChange}
      workflows={options}
      workflowsPending={workflows.isPending}
      search={search}
      onSearchChange={setSearch}
      workflowId={chosen?.id ?? ''}
      onWorkflowChange={(id) => setChosen(options.find((option) => option.id === id))}
      inputSchema={chosen ? version.data?.inputJsonSchema : undefined}
      fixedWorkflow={workflow !== undefined}
      initialTiming={initialTiming}
      timings={timings}
    />
  );
}
