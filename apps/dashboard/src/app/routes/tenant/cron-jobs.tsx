import { Suspense, lazy, useState } from 'react';
import { useParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { CronJobsPage } from '@/features/crons/components/cron-jobs-page';
import { useTenantMembership } from '@/features/tenants/hooks/use-tenant-membership';
import { useWorkflows } from '@/features/workflows/api/list-workflows';
import { useRefetchInterval } from '@/hooks/use-refetch-interval';
import { roleAtLeast } from '@/lib/roles';
import { WORKFLOW_OPTIONS_LIMIT } from './workflow-options';

const TriggerRun = lazy(() => import('./trigger-run'));

/** cron-jobs: cron triggers; Create Cron Job opens Trigger Run on its Cron tab. */
export default function CronJobsRoute() {
  const { tenant: tenantId = '' } = useParams();
  const { role } = useTenantMembership(tenantId);
  const { refetchInterval } = useRefetchInterval();
  const [creating, setCreating] = useState(false);
  const workflows = useWorkflows(
    tenantId,
    { offset: 0, limit: WORKFLOW_OPTIONS_LIMIT, name: '' },
    { refetchInterval },
  );
  return (
    <>
      <PageHeader
        title="Cron Jobs"
        description="Workflows that run on a schedule: declared in code or created here."
      />
      <CronJobsPage
        tenantId={tenantId}
        canEdit={roleAtLeast(role, 'MEMBER')}
        workflows={workflows.data?.rows ?? []}
        onCreate={() => setCreating(true)}
      />
      {creating ? (
        <Suspense fallback={null}>
          <TriggerRun tenantId={tenantId} open onOpenChange={setCreating} initialTiming="cron" />
        </Suspense>
      ) : null}
    </>
  );
}
