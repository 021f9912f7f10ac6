import { Link, useParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { tenantHomeHref } from '@/config/paths';
import { useTenantMembership } from '@/features/tenants/hooks/use-tenant-membership';
import { Quickstart } from '../onboarding/quickstart';

/** /tenants/{tenant}/onboarding/get-started: connect a first worker to this tenant. */
export default function TenantGetStartedPage() {
  const { tenant: tenantId = '' } = useParams();
  const { tenant, role } = useTenantMembership(tenantId);
  return (
    <div className="max-w-3xl">
      <PageHeader
        title="Get Started"
        description={`Connect your first worker to ${tenant?.name ?? 'this tenant'}.`}
        actions={
          <Button asChild variant="outline" size="sm">
            <Link to={tenantHomeHref(tenantId)}>Skip quickstart</Link>
          </Button>
        }
      />
      <Quickstart tenantId={tenantId} role={role} />
    </div>
  );
}
