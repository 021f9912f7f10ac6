import { Suspense, lazy, useState } from 'react';
import { useParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { ScheduledRunsPage } from '@/features/scheduled-runs/components/scheduled-runs-page';
import { useTenantMembership } from '@/features/tenants/hooks/use-tenant-membership';
import { useWorkflows } from '@/features/workflows/api/list-workflows';
import { useRefetchInterval } from '@/hooks/use-refetch-interval';
import { roleAtLeast } from '@/lib/roles';
import { WORKFLOW_OPTIONS_LIMIT } from './workflow-options';

const TriggerRun = lazy(() => import('./trigger-run'));

/** scheduled: one-off runs at a set time; Schedule Run opens Trigger Run on its Schedule tab. */
export default function ScheduledRunsRoute() {
  const { tenant: tenantId = '' } = useParams();
  const { role } = useTenantMembership(tenantId);
  const { refetchInterval } = useRefetchInterval();
  const [scheduling, setScheduling] = useState(false);
  const workflows = useWorkflows(
    tenantId,
    { offset: 0, limit: WORKFLOW_OPTIONS_LIMIT, name: '' },
    { refetchInterval },
  );
  return (
    <>
      <PageHeader
        title="Scheduled Runs"
        description="Runs set to start once, at a given time, and the runs they started."
      />
      <ScheduledRunsPage
        tenantId={tenantId}
        canEdit={roleAtLeast(role, 'MEMBER')}
        workflows={workflows.data?.rows ?? []}
        onSchedule={() => setScheduling(true)}
      />
      {scheduling ? (
        <Suspense fallback={null}>
          <TriggerRun
            tenantId={tenantId}
            open
            onOpenChange={setScheduling}
            initialTiming="schedule"
          />
        </Suspense>
      ) : null}
    </>
  );
}
