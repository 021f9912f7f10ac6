import { Building2, ChevronsUpDown, Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuCheckMark,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/cn';
import type { Tenant } from '@/types/api';

interface TenantSwitcherProps {
  tenants: Tenant[];
  currentTenantId: string | undefined;
  onSelect: (tenant: Tenant) => void;
  /** Shows "New tenant" when set. */
  onCreate?: () => void;
  className?: string;
}

/** The current tenant and a menu of the user's other tenants. */
export function TenantSwitcher({
  tenants,
  currentTenantId,
  onSelect,
  onCreate,
  className,
}: TenantSwitcherProps) {
  const current = tenants.find((tenant) => tenant.metadata.id === currentTenantId);
  const sorted = [...tenants].sort((a, b) => a.name.localeCompare(b.name));
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="outline"
          size="sm"
          className={cn('max-w-56 justify-between gap-2 font-medium', className)}
          aria-label={current ? `Tenant: ${current.name}. Switch tenant` : 'Switch tenant'}
        >
          <Building2 aria-hidden="true" className="text-muted-foreground" />
          <span className="truncate">{current?.name ?? 'Select tenant'}</span>
          <ChevronsUpDown aria-hidden="true" className="text-muted-foreground" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-64">
        <DropdownMenuLabel>Tenants</DropdownMenuLabel>
        {sorted.length === 0 ? (
          <p className="px-2 py-1.5 text-sm text-muted-foreground">No tenants found.</p>
        ) : (
          sorted.map((tenant) => (
            <DropdownMenuItem key={tenant.metadata.id} onSelect={() => onSelect(tenant)}>
              <Building2 aria-hidden="true" />
              <span className="min-w-0 flex-1 truncate">{tenant.name}</span>
              <DropdownMenuCheckMark checked={tenant.metadata.id === currentTenantId} />
            </DropdownMenuItem>
          ))
        )}
        {onCreate ? (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={onCreate}>
              <Plus aria-hidden="true" />
              New tenant
            </DropdownMenuItem>
          </>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
