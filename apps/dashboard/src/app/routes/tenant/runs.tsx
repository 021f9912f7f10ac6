import { Suspense, lazy, useState } from 'react';
import { useParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { RunsPage } from '@/features/runs/components/runs-page';
import { useWorkflows } from '@/features/workflows/api/list-workflows';
import { WORKFLOW_OPTIONS_LIMIT } from './workflow-options';

const TriggerRun = lazy(() => import('./trigger-run'));

/** runs: every workflow and task run of the tenant in a time window. */
export default function RunsRoute() {
  const { tenant: tenantId = '' } = useParams();
  const [triggerOpen, setTriggerOpen] = useState(false);
  const workflows = useWorkflows(tenantId, { offset: 0, limit: WORKFLOW_OPTIONS_LIMIT, name: '' });
  return (
    <>
      <PageHeader title="Runs" description="Workflow runs and standalone tasks, newest first." />
      <RunsPage
        tenantId={tenantId}
        workflows={workflows.data?.rows ?? []}
        onTriggerRun={() => setTriggerOpen(true)}
      />
      {triggerOpen ? (
        <Suspense fallback={null}>
          <TriggerRun tenantId={tenantId} open onOpenChange={setTriggerOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
