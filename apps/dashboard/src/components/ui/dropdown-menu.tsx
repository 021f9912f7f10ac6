import type * as Menu from '@radix-ui/react-dropdown-menu';
import { Check } from 'lucide-react';
import type { ComponentProps } from 'react';
import { lazyOverlay } from './lazy-overlay';
import { lazyParts } from './lazy-parts';

// Menus are on most first screens (the user menu, Columns, Actions, row menus) but opened on
// few visits: their Radix code is ~20 KB gzip, so it loads when a menu is first reached for.
const menu = lazyOverlay(
  lazyParts(() => import('./dropdown-menu-parts')),
  { popup: 'menu', opensOn: 'pointerdown' },
);

export function DropdownMenu(props: ComponentProps<typeof Menu.Root>) {
  return <menu.Root {...props} />;
}

export const DropdownMenuTrigger = menu.Trigger;
export const DropdownMenuGroup = menu.part('DropdownMenuGroup');
export const DropdownMenuRadioGroup = menu.part('DropdownMenuRadioGroup');
export const DropdownMenuItem = menu.part('DropdownMenuItem');
export const DropdownMenuRadioItem = menu.part('DropdownMenuRadioItem');
export const DropdownMenuCheckboxItem = menu.part('DropdownMenuCheckboxItem');
export const DropdownMenuLabel = menu.part('DropdownMenuLabel');
export const DropdownMenuSeparator = menu.part('DropdownMenuSeparator');

const LoadedContent = menu.part('DropdownMenuContent');

export function DropdownMenuContent({ onFocus, ...props }: ComponentProps<typeof LoadedContent>) {
  const { takeOpenedByKey } = menu.useRoot();
  return (
    <LoadedContent
      {...props}
      // Opened with a key before the menu's code had arrived, Radix missed that key and
      // focuses the menu itself; a keyboard user expects the first item, as on every later
      // open. Runs before Radix's own handler, which then leaves the focus where it is.
      onFocus={(event) => {
        onFocus?.(event);
        if (event.target !== event.currentTarget || !takeOpenedByKey()) return;
        event.currentTarget
          .querySelector<HTMLElement>('[role^="menuitem"]:not([data-disabled])')
          ?.focus();
      }}
    />
  );
}

export function DropdownMenuCheckMark({ checked }: { checked: boolean }) {
  return checked ? <Check className="ml-auto text-foreground!" aria-hidden="true" /> : null;
}
