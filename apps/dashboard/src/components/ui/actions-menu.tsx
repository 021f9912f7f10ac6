import { ChevronDown, Command } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from './dropdown-menu';

/**
 * The "Actions" button of a list toolbar (an icon where the toolbar is narrow) and its menu
 * of `DropdownMenuItem`s. Needs an `@container` ancestor, as toolbars have.
 */
export function ActionsMenu({ children }: { children: ReactNode }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" aria-label="Actions">
          <Command className="@lg:hidden" aria-hidden="true" />
          <span className="hidden @lg:inline">Actions</span>
          <ChevronDown className="text-muted-foreground" aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">{children}</DropdownMenuContent>
    </DropdownMenu>
  );
}
