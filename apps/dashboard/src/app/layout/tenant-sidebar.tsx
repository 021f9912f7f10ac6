import { SidebarNav } from '@/components/layout/sidebar-nav';
import { TENANT_NAVIGATION } from '@/config/navigation';
import { useSidebar } from '@/hooks/use-sidebar';
import { cn } from '@/lib/cn';

/**
 * The tenant sidebar. From 768 px it sits beside the page; below, it covers the page under
 * the top bar and closes after each navigation. When closed it is not rendered.
 */
export function TenantSidebar({
  tenantId,
  currentPath,
}: {
  tenantId: string;
  currentPath: string;
}) {
  const { open, isNarrow, closeIfNarrow } = useSidebar();
  if (!open) return null;
  return (
    <aside
      id="tenant-sidebar"
      aria-label="Sidebar"
      className={cn(
        'flex shrink-0 flex-col overflow-y-auto border-border bg-sidebar px-3 py-4',
        isNarrow
          ? 'fixed inset-x-0 top-14 bottom-0 z-30'
          : 'sticky top-14 h-[calc(100vh-3.5rem)] w-60 border-r',
      )}
    >
      <SidebarNav
        groups={TENANT_NAVIGATION}
        tenantId={tenantId}
        currentPath={currentPath}
        onNavigate={closeIfNarrow}
      />
    </aside>
  );
}
