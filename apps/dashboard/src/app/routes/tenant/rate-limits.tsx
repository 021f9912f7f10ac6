import { useParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { RateLimitsPage } from '@/features/rate-limits/components/rate-limits-page';
import { useTenantMembership } from '@/features/tenants/hooks/use-tenant-membership';
import { roleAtLeast } from '@/lib/roles';

/** rate-limits: the keys workers declare, with what is left of each window. */
export default function RateLimitsRoute() {
  const { tenant: tenantId = '' } = useParams();
  const { role } = useTenantMembership(tenantId);
  return (
    <>
      <PageHeader
        title="Rate Limits"
        description="Keys that cap how many tasks consume units per window; workers declare them."
      />
      <RateLimitsPage tenantId={tenantId} canEdit={roleAtLeast(role, 'MEMBER')} />
    </>
  );
}
