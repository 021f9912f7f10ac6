import { useState } from 'react';
import { useParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { ExportButton } from '@/features/export/components/export-button';
import { RunsPage } from '@/features/runs/components/runs-page';
import { SavedViewsButton } from '@/features/saved-views/components/saved-views-button';
import { useTenantMembership } from '@/features/tenants/hooks/use-tenant-membership';
import { roleAtLeast } from '@/lib/roles';
import { LazyTriggerRun } from './lazy-trigger-run';
import { useWorkflowOptions } from './workflow-options';

/** runs: every workflow and task run of the tenant in a time window. */
export default function RunsRoute() {
  const { tenant: tenantId = '' } = useParams();
  const [triggerOpen, setTriggerOpen] = useState(false);
  const workflows = useWorkflowOptions(tenantId);
  const { role } = useTenantMembership(tenantId);
  return (
    <>
      <PageHeader title="Runs" description="Workflow runs and standalone tasks, newest first." />
      <RunsPage
        tenantId={tenantId}
        workflows={workflows}
        onTriggerRun={() => setTriggerOpen(true)}
        exportControl={(query) => <ExportButton list="runs" tenantId={tenantId} query={query} />}
        viewsControl={(state) => (
          <SavedViewsButton
            tenantId={tenantId}
            list="runs"
            state={state}
            canDeleteShared={roleAtLeast(role, 'ADMIN')}
          />
        )}
      />
      {triggerOpen ? (
        <LazyTriggerRun tenantId={tenantId} open onOpenChange={setTriggerOpen} />
      ) : null}
    </>
  );
}
