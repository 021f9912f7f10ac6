import { Suspense, lazy, useState } from 'react';
import { useParams } from 'react-router';
import { FiltersSummary } from '@/features/filters/components/filters-summary';
import { useTenantMembership } from '@/features/tenants/hooks/use-tenant-membership';
import { WorkflowDetail } from '@/features/workflows/components/workflow-detail';
import { roleAtLeast } from '@/lib/roles';

const TriggerRun = lazy(() => import('./trigger-run'));

/**
 * workflows/{workflow}: one workflow's tasks (as a graph), triggers, event filters (from the
 * filters feature), runs and version.
 */
export default function WorkflowDetailPage() {
  const { tenant: tenantId = '', workflow: workflowId = '' } = useParams();
  const { role } = useTenantMembership(tenantId);
  const [trigger, setTrigger] = useState<{ id: string; name: string } | undefined>(undefined);
  return (
    <>
      <WorkflowDetail
        key={workflowId}
        tenantId={tenantId}
        workflowId={workflowId}
        canEdit={roleAtLeast(role, 'MEMBER')}
        onTrigger={setTrigger}
        filters={<FiltersSummary tenantId={tenantId} of={{ workflowId }} />}
      />
      {trigger ? (
        <Suspense fallback={null}>
          <TriggerRun
            tenantId={tenantId}
            open
            onOpenChange={(open) => (open ? undefined : setTrigger(undefined))}
            workflow={trigger}
          />
        </Suspense>
      ) : null}
    </>
  );
}
