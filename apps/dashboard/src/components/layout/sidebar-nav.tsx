import { Link } from 'react-router';
import type { NavGroup } from '@/config/navigation';
import { tenantHref } from '@/config/paths';
import { cn } from '@/lib/cn';

interface SidebarNavProps {
  groups: NavGroup[];
  tenantId: string;
  /** The current path relative to the tenant root, e.g. `workers/webhook`. */
  currentPath: string;
  onNavigate?: () => void;
}

const linkBase =
  'flex h-8 items-center gap-2.5 rounded-md px-2 text-[13px] font-medium transition-[color,background-color,border-color] ' +
  '[&_svg]:size-4 [&_svg]:shrink-0';

/**
 * The tenant navigation. A parent with children is expanded while the path is under its
 * prefix; the item whose path matches exactly is highlighted.
 */
export function SidebarNav({ groups, tenantId, currentPath, onNavigate }: SidebarNavProps) {
  const isActive = (to: string) => currentPath === to;
  return (
    <nav aria-label="Tenant" className="flex flex-col gap-5">
      {groups.map((group) => (
        <div key={group.label}>
          <h2 className="mb-1 px-2 text-[11px] font-semibold tracking-wider text-muted-foreground uppercase">
            {group.label}
          </h2>
          <ul className="flex flex-col gap-0.5">
            {group.items.map((item) => {
              const Icon = item.icon;
              const expanded =
                item.prefix !== undefined &&
                (currentPath === item.prefix ||
                  currentPath.startsWith(`${item.prefix}/`) ||
                  (item.children?.some((child) => isActive(child.to)) ?? false));
              const active = isActive(item.to) && !item.children;
              return (
                <li key={item.label}>
                  <Link
                    to={tenantHref(tenantId, item.to)}
                    onClick={onNavigate}
                    aria-current={active ? 'page' : undefined}
                    aria-expanded={item.children ? expanded : undefined}
                    className={cn(
                      linkBase,
                      active || (expanded && item.children)
                        ? 'text-foreground'
                        : 'text-muted-foreground hover:bg-muted hover:text-foreground',
                      active && 'bg-subtle',
                    )}
                  >
                    <Icon aria-hidden="true" />
                    <span className="truncate">{item.label}</span>
                  </Link>
                  {item.children && expanded ? (
                    <ul className="mt-0.5 ml-[17px] flex flex-col gap-0.5 border-l border-border pl-2">
                      {item.children.map((child) => {
                        const childActive = isActive(child.to);
                        return (
                          <li key={child.label}>
                            <Link
                              to={tenantHref(tenantId, child.to)}
                              onClick={onNavigate}
                              aria-current={childActive ? 'page' : undefined}
                              className={cn(
                                linkBase,
                                'h-7 font-normal',
                                childActive
                                  ? 'bg-subtle font-medium text-foreground'
                                  : 'text-muted-foreground hover:bg-muted hover:text-foreground',
                              )}
                            >
                              <span className="truncate">{child.label}</span>
                            </Link>
                          </li>
                        );
                      })}
                    </ul>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}
