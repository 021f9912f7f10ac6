import { MoreHorizontal } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import type { Permission } from '../utils/role-rules';

export interface RowAction {
  label: string;
  icon: ReactNode;
  permission: Permission;
  onSelect: () => void;
  destructive?: boolean;
}

/** The "…" menu of a row. Actions the user may not take stay visible, disabled, with why. */
export function RowActions({ label, actions }: { label: string; actions: RowAction[] }) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon-sm" aria-label={label}>
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        {actions.map((action) => (
          <DropdownMenuItem
            key={action.label}
            disabled={!action.permission.allowed}
            onSelect={action.onSelect}
            destructive={action.destructive}
            className="items-start"
          >
            <span className="mt-0.5">{action.icon}</span>
            <span className="grid gap-0.5">
              <span>{action.label}</span>
              {action.permission.reason ? (
                <span className="text-xs text-muted-foreground">{action.permission.reason}</span>
              ) : null}
            </span>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
