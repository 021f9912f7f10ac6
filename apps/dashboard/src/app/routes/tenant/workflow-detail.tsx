import { useParams } from 'react-router';
import { useTenantMembership } from '@/features/tenants/hooks/use-tenant-membership';
import { WorkflowDetail } from '@/features/workflows/components/workflow-detail';
import { roleAtLeast } from '@/lib/roles';

/** workflows/{workflow}: one workflow's tasks (as a graph), triggers, runs and version. */
export default function WorkflowDetailPage() {
  const { tenant: tenantId = '', workflow: workflowId = '' } = useParams();
  const { role } = useTenantMembership(tenantId);
  return (
    <WorkflowDetail
      key={workflowId}
      tenantId={tenantId}
      workflowId={workflowId}
      canEdit={roleAtLeast(role, 'MEMBER')}
    />
  );
}
