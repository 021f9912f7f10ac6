import { Building2 } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingArea } from '@/components/ui/spinner';
import { paths, tenantHomeHref } from '@/config/paths';
import { useMemberships } from '@/features/tenants/api/get-memberships';
import { readLastTenant, resolveTenantId } from '@/features/tenants/utils/tenant-resolution';
import { Quickstart } from './quickstart';

/**
 * /onboarding/get-started: the quickstart outside the tenant frame. The tenant comes from
 * `?tenant=`, else the last used tenant, else the first membership.
 */
export default function GetStartedPage() {
  const [searchParams] = useSearchParams();
  const memberships = useMemberships();
  const rows = memberships.data?.rows ?? [];
  const tenantId = resolveTenantId({
    queryTenant: searchParams.get('tenant'),
    lastTenant: readLastTenant(),
    memberships: rows,
  });
  const member = rows.find((row) => row.tenant?.metadata.id === tenantId);

  return (
    <main id="main" className="min-w-0 flex-1">
      <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-8 sm:py-8">
        {memberships.isPending ? (
          <LoadingArea />
        ) : !member?.tenant ? (
          <EmptyState
            className="mt-10"
            icon={<Building2 />}
            title={tenantId ? 'Tenant not found' : 'Create a tenant first'}
            description={
              tenantId
                ? 'This tenant does not exist, or you are not one of its members.'
                : 'Workers connect to a tenant. Create one, then come back to connect a worker.'
            }
            actions={
              <Button asChild>
                <Link to={paths.onboarding.createTenant.href()}>Create a tenant</Link>
              </Button>
            }
          />
        ) : (
          <>
            <PageHeader
              title="Get Started"
              description={`Connect your first worker to ${member.tenant.name}.`}
              actions={
                <Button asChild variant="outline" size="sm">
                  <Link to={tenantHomeHref(member.tenant.metadata.id)}>Skip quickstart</Link>
                </Button>
              }
            />
            <Quickstart tenantId={member.tenant.metadata.id} role={member.role} />
          </>
        )}
      </div>
    </main>
  );
}
