import * as PopoverPrimitive from '@radix-ui/react-popover';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/*
 * The Radix side of ./popover.tsx, in its own chunk: the popover, its positioning
 * (floating-ui) and focus trap load when a popover is first reached for.
 */

export const Root = PopoverPrimitive.Root;
export const Trigger = PopoverPrimitive.Trigger;
export const PopoverClose = PopoverPrimitive.Close;

export function PopoverContent({
  className,
  align = 'end',
  sideOffset = 6,
  ...props
}: ComponentProps<typeof PopoverPrimitive.Content>) {
  return (
    <PopoverPrimitive.Portal>
      <PopoverPrimitive.Content
        align={align}
        sideOffset={sideOffset}
        collisionPadding={8}
        className={cn(
          'z-50 w-80 max-w-[calc(100vw-1rem)] rounded-lg border border-border bg-surface-raised p-3 shadow-lg shadow-black/10 focus-visible:outline-none',
          'max-h-[var(--radix-popover-content-available-height)] overflow-y-auto',
          className,
        )}
        {...props}
      />
    </PopoverPrimitive.Portal>
  );
}
