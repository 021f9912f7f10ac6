import { useEffect, useRef, useState } from 'react';
import type { PointerEvent, ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Popover, PopoverContent, PopoverTrigger } from './popover';

const OPEN_DELAY_MS = 300;
const CLOSE_DELAY_MS = 150;

/**
 * Details that open while the mouse rests on their trigger and stay open while it moves into
 * them (so their links can be clicked). Touch and keyboard open it with a tap or Enter. The
 * content mounts only while open, so whatever it fetches is fetched on demand; the popover's
 * code loads as the pointer reaches the trigger, within the open delay.
 */
export function HoverCard({
  label,
  trigger,
  children,
  className,
}: {
  /** Accessible name of the trigger, which says what opening it shows. */
  label: string;
  trigger: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Opened by hovering, focus stays where it is: moving the mouse must not move the focus.
  const byHover = useRef(false);
  useEffect(() => () => clearTimeout(timer.current), []);

  // Only a mouse hovers: a touch opens it with the tap (a click), as a keyboard does with Enter.
  const schedule = (event: PointerEvent, next: boolean, delayMs: number) => {
    if (event.pointerType !== 'mouse') return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (next && !open) byHover.current = true;
      setOpen(next);
    }, delayMs);
  };
  const keepOpen = () => clearTimeout(timer.current);

  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        clearTimeout(timer.current);
        byHover.current = false;
        setOpen(next);
      }}
    >
      <PopoverTrigger
        aria-label={label}
        onPointerEnter={(event) => schedule(event, true, OPEN_DELAY_MS)}
        onPointerLeave={(event) => schedule(event, false, CLOSE_DELAY_MS)}
        // A click on a card the mouse already opened keeps it open rather than closing it.
        onClick={(event) => {
          if (open && byHover.current) event.preventDefault();
        }}
        className="cursor-help rounded-md focus-visible:outline-2 focus-visible:outline-ring"
      >
        {trigger}
      </PopoverTrigger>
      <PopoverContent
        side="bottom"
        align="start"
        onPointerEnter={keepOpen}
        onPointerLeave={(event) => schedule(event, false, CLOSE_DELAY_MS)}
        onOpenAutoFocus={(event) => {
          if (byHover.current) event.preventDefault();
        }}
        onCloseAutoFocus={(event) => {
          if (byHover.current) event.preventDefault();
        }}
        className={cn(
          'w-96 text-sm',
          // A fixed cap rather than the space left below: sized to that space, the card
          // would always "fit" and never flip above a trigger low on the screen.
          'max-h-[min(32rem,calc(100dvh-2rem))]',
          className,
        )}
      >
        {children}
      </PopoverContent>
    </Popover>
  );
}
