import { useState } from 'react';
import { useParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { RunsPage } from '@/features/runs/components/runs-page';
import { LazyTriggerRun } from './lazy-trigger-run';
import { useWorkflowOptions } from './workflow-options';

/** runs: every workflow and task run of the tenant in a time window. */
export default function RunsRoute() {
  const { tenant: tenantId = '' } = useParams();
  const [triggerOpen, setTriggerOpen] = useState(false);
  const workflows = useWorkflowOptions(tenantId);
  return (
    <>
      <PageHeader title="Runs" description="Workflow runs and standalone tasks, newest first." />
      <RunsPage
        tenantId={tenantId}
        workflows={workflows}
        onTriggerRun={() => setTriggerOpen(true)}
      />
      {triggerOpen ? (
        <LazyTriggerRun tenantId={tenantId} open onOpenChange={setTriggerOpen} />
      ) : null}
    </>
  );
}
