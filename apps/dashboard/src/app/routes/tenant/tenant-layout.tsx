import { Building2 } from 'lucide-react';
import { useEffect } from 'react';
import { Link, Outlet, useLocation, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingArea } from '@/components/ui/spinner';
import { splitTenantPath, tenantHomeHref } from '@/config/paths';
import { tenantsOf, useMemberships } from '@/features/tenants/api/get-memberships';
import { writeLastTenant } from '@/features/tenants/utils/tenant-resolution';
import { TenantSidebar } from '../../layout/tenant-sidebar';
import { CommandPaletteHost } from './command-palette-host';
import { TaskActionsHost } from './task-actions-host';
import { TenantLiveUpdates } from './tenant-live-updates';

/** Sidebar and content of every /tenants/{tenant} page. Remembers the tenant as last used. */
export default function TenantLayout() {
  const { tenant: tenantId = '' } = useParams();
  const location = useLocation();
  const memberships = useMemberships();
  const tenants = tenantsOf(memberships.data?.rows);
  const tenant = tenants.find((candidate) => candidate.metadata.id === tenantId);
  const currentPath = splitTenantPath(location.pathname)?.rest ?? '';

  useEffect(() => {
    if (tenant) writeLastTenant(tenant.metadata.id);
  }, [tenant]);

  return (
    <>
      {tenant || memberships.isPending ? (
        <TenantSidebar tenantId={tenantId} currentPath={currentPath} />
      ) : null}
      {tenant ? <CommandPaletteHost tenantId={tenantId} /> : null}
      <main id="main" className="min-w-0 flex-1">
        <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-8 sm:py-8">
          {memberships.isPending ? (
            <LoadingArea />
          ) : tenant ? (
            <TenantLiveUpdates tenantId={tenantId}>
              <TaskActionsHost>
                <Outlet />
              </TaskActionsHost>
            </TenantLiveUpdates>
          ) : (
            <TenantNotFound firstTenantId={tenants[0]?.metadata.id} />
          )}
        </div>
      </main>
    </>
  );
}

function TenantNotFound({ firstTenantId }: { firstTenantId: string | undefined }) {
  return (
    <EmptyState
      className="mt-10"
      icon={<Building2 />}
      title="Tenant not found"
      description="This tenant does not exist, or you are not one of its members."
      actions={
        firstTenantId ? (
          <Button asChild variant="outline">
            <Link to={tenantHomeHref(firstTenantId)}>Go to your tenant</Link>
          </Button>
        ) : null
      }
    />
  );
}
