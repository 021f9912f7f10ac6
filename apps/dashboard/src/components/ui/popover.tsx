import type * as PopoverPrimitive from '@radix-ui/react-popover';
import type { ComponentProps } from 'react';
import { lazyOverlay } from './lazy-overlay';
import { lazyParts } from './lazy-parts';

// Popovers sit in list toolbars and cells (filters, metadata, saved views) but open on few
// visits: their Radix and positioning code loads when a popover is first reached for.
const popover = lazyOverlay(
  lazyParts(() => import('./popover-parts')),
  { popup: 'dialog', opensOn: 'click' },
);

export function Popover(props: ComponentProps<typeof PopoverPrimitive.Root>) {
  return <popover.Root {...props} />;
}

export const PopoverTrigger = popover.Trigger;
export const PopoverClose = popover.part('PopoverClose');
/** A floating panel anchored to its trigger: forms and details that a menu cannot hold. */
export const PopoverContent = popover.part('PopoverContent');
