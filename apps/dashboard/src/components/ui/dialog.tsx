import type * as DialogPrimitive from '@radix-ui/react-dialog';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { lazyOverlay } from './lazy-overlay';
import { lazyParts } from './lazy-parts';

// Screens hold their dialogs closed until an action opens them: the Radix dialog, focus trap
// and scroll lock load when the first one opens (a few milliseconds before it shows).
const dialog = lazyOverlay(
  lazyParts(() => import('./dialog-parts')),
  { popup: 'dialog', opensOn: 'click' },
);

export function Dialog(props: ComponentProps<typeof DialogPrimitive.Root>) {
  return <dialog.Root {...props} />;
}

export const DialogTrigger = dialog.Trigger;
export const DialogClose = dialog.part('DialogClose');
/**
 * A modal panel over a dimmed page: focus is trapped inside, Escape and the X close it.
 * Centred from 640 px; on narrow screens it sits at the top with small margins.
 */
export const DialogContent = dialog.part('DialogContent');
export const DialogHeader = dialog.part('DialogHeader');

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}
      {...props}
    />
  );
}
