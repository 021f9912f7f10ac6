import { useParams } from 'react-router';
import { WorkerDetail } from '@/features/workers/components/worker-detail';
import { useTenantMembership } from '@/features/tenants/hooks/use-tenant-membership';
import { roleAtLeast } from '@/lib/roles';

/** workers/{worker}: one worker's status, slots, runtime, workflows and recent tasks. */
export default function WorkerDetailPage() {
  const { tenant: tenantId = '', worker: workerId = '' } = useParams();
  const { role } = useTenantMembership(tenantId);
  return (
    <WorkerDetail
      key={workerId}
      tenantId={tenantId}
      workerId={workerId}
      canEdit={roleAtLeast(role, 'MEMBER')}
    />
  );
}
