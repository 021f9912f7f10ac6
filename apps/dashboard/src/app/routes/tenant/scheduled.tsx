import { useState } from 'react';
import { useParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { ScheduledRunsPage } from '@/features/scheduled-runs/components/scheduled-runs-page';
import { useTenantMembership } from '@/features/tenants/hooks/use-tenant-membership';
import { useRefetchInterval } from '@/hooks/use-refetch-interval';
import { roleAtLeast } from '@/lib/roles';
import { LazyTriggerRun } from './lazy-trigger-run';
import { useWorkflowOptions } from './workflow-options';

/** scheduled: one-off runs at a set time; Schedule Run opens Trigger Run on its Schedule tab. */
export default function ScheduledRunsRoute() {
  const { tenant: tenantId = '' } = useParams();
  const { role } = useTenantMembership(tenantId);
  const [scheduling, setScheduling] = useState(false);
  // The reference refreshes this screen's workflow options on the global interval.
  const { refetchInterval } = useRefetchInterval();
  const workflows = useWorkflowOptions(tenantId, { refetchInterval });
  return (
    <>
      <PageHeader
        title="Scheduled Runs"
        description="Runs set to start once, at a given time, and the runs they started."
      />
      <ScheduledRunsPage
        tenantId={tenantId}
        canEdit={roleAtLeast(role, 'MEMBER')}
        workflows={workflows}
        onSchedule={() => setScheduling(true)}
      />
      {scheduling ? (
        <LazyTriggerRun
          tenantId={tenantId}
          open
          onOpenChange={setScheduling}
          initialTiming="schedule"
        />
      ) : null}
    </>
  );
}
