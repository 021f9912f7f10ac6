import { useParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { TenantOverview } from '@/features/tenants/components/tenant-overview';
import { useTenantMembership } from '@/features/tenants/hooks/use-tenant-membership';
import { roleAtLeast } from '@/lib/roles';

/** tenant-settings/overview: the tenant's name, slug and id; rename it. */
export default function TenantOverviewPage() {
  const { tenant: tenantId = '' } = useParams();
  const { tenant, role } = useTenantMembership(tenantId);
  return (
    <>
      <PageHeader
        title="Overview"
        description={
          tenant ? `General settings of ${tenant.name}.` : 'General settings of this tenant.'
        }
      />
      <TenantOverview tenantId={tenantId} canRename={roleAtLeast(role, 'MEMBER')} />
    </>
  );
}
