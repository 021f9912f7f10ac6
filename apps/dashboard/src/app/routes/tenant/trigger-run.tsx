/**
 * Trigger Run, composed for the runs list and a workflow's page: the workflows to choose from
 * and the chosen one's input schema come from the workflows feature, the dialog and the
 * trigger call from the runs feature. Loaded when first opened.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { TriggerRunDialog } from '@/features/runs/components/trigger-run-dialog';
import type { TriggerWorkflowOption } from '@/features/runs/components/trigger-run-dialog';
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
}: {
  tenantId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Preselected and fixed (from a workflow's page). */
  workflow?: TriggerWorkflowOption;
}) {
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [chosen, setChosen] = useState<TriggerWorkflowOption | undefined>(workflow);
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
    />
  );
}
