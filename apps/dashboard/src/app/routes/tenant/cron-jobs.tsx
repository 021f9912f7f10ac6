import { useState } from 'react';
import { useParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { CronJobsPage } from '@/features/crons/components/cron-jobs-page';
import { useTenantMembership } from '@/features/tenants/hooks/use-tenant-membership';
import { useRefetchInterval } from '@/hooks/use-refetch-interval';
import { roleAtLeast } from '@/lib/roles';
import { LazyTriggerRun } from './lazy-trigger-run';
import { useWorkflowOptions } from './workflow-options';

/** cron-jobs: cron triggers; Create Cron Job opens Trigger Run on its Cron tab. */
export default function CronJobsRoute() {
  const { tenant: tenantId = '' } = useParams();
  const { role } = useTenantMembership(tenantId);
  const [creating, setCreating] = useState(false);
  // The reference refreshes this screen's workflow options on the global interval.
  const { refetchInterval } = useRefetchInterval();
  const workflows = useWorkflowOptions(tenantId, { refetchInterval });
  return (
    <>
      <PageHeader
        title="Cron Jobs"
        description="Workflows that run on a schedule: declared in code or created here."
      />
      <CronJobsPage
        tenantId={tenantId}
        canEdit={roleAtLeast(role, 'MEMBER')}
        workflows={workflows}
        onCreate={() => setCreating(true)}
      />
      {creating ? (
        <LazyTriggerRun tenantId={tenantId} open onOpenChange={setCreating} initialTiming="cron" />
      ) : null}
    </>
  );
}
