import { PanelLeft } from 'lucide-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Breadcrumbs } from '@/components/layout/breadcrumbs';
import { Button } from '@/components/ui/button';
import { Logo } from '@/components/ui/logo';
import { buildBreadcrumbs } from '@/config/breadcrumbs';
import { paths, sameScreenInTenant, splitTenantPath } from '@/config/paths';
import { useMeta } from '@/features/meta/api/get-meta';
import { TenantSwitcher } from '@/features/tenants/components/tenant-switcher';
import { tenantsOf, useMemberships } from '@/features/tenants/api/get-memberships';
import { writeLastTenant } from '@/features/tenants/utils/tenant-resolution';
import { useSidebar } from '@/hooks/use-sidebar';
import { UserMenu } from './user-menu';

export const TOP_BAR_HEIGHT = 'h-14';

/**
 * The bar over every signed-in page. On tenant pages it adds the sidebar toggle,
 * breadcrumbs (from 768 px) and the tenant switcher.
 */
export function TopBar({ withTenant = true }: { withTenant?: boolean }) {
  const location = useLocation();
  const tenantPath = withTenant ? splitTenantPath(location.pathname) : undefined;
  return (
    <header
      className={`${TOP_BAR_HEIGHT} sticky top-0 z-40 flex shrink-0 items-center gap-2 border-b border-border bg-background/85 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/70 sm:px-4`}
    >
      {tenantPath ? <SidebarToggle /> : null}
      <Link
        to={paths.home.href()}
        className="mr-1 flex shrink-0 items-center rounded-md px-1 py-1"
        aria-label="Trellis home"
      >
        <Logo />
      </Link>
      {tenantPath ? (
        <>
          <span className="hidden h-5 w-px shrink-0 bg-border md:block" aria-hidden="true" />
          <Breadcrumbs crumbs={buildBreadcrumbs(location.pathname)} className="hidden md:block" />
        </>
      ) : null}
      <div className="ml-auto flex min-w-0 items-center gap-2">
        {tenantPath ? <TenantMenu tenantId={tenantPath.tenant} /> : null}
        <UserMenu />
      </div>
    </header>
  );
}

function SidebarToggle() {
  const { open, toggle } = useSidebar();
  return (
    <Button
      variant="ghost"
      size="icon-sm"
      onClick={toggle}
      aria-label="Toggle sidebar"
      aria-expanded={open}
      aria-controls="tenant-sidebar"
    >
      <PanelLeft aria-hidden="true" />
    </Button>
  );
}

function TenantMenu({ tenantId }: { tenantId: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const memberships = useMemberships();
  const meta = useMeta();
  const canCreate = meta.data?.allowCreateTenant !== false;
  return (
    <TenantSwitcher
      className="min-w-0"
      tenants={tenantsOf(memberships.data?.rows)}
      currentTenantId={tenantId}
      onSelect={(tenant) => {
        writeLastTenant(tenant.metadata.id);
        void navigate(sameScreenInTenant(location.pathname, tenant.metadata.id));
      }}
      onCreate={canCreate ? () => void navigate(paths.onboarding.createTenant.href()) : undefined}
    />
  );
}
