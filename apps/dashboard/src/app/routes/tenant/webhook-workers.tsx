import { useParams } from 'react-router';
import { useTenantMembership } from '@/features/tenants/hooks/use-tenant-membership';
import { WebhookWorkersPage } from '@/features/webhook-workers/components/webhook-workers-page';
import { roleAtLeast } from '@/lib/roles';

/** workers/webhook: legacy HTTP workers (beta). Members and up create and delete them. */
export default function WebhookWorkersRoute() {
  const { tenant: tenantId = '' } = useParams();
  const { role } = useTenantMembership(tenantId);
  return <WebhookWorkersPage tenantId={tenantId} canEdit={roleAtLeast(role, 'MEMBER')} />;
}
