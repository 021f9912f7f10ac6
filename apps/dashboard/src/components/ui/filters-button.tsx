import { ChevronDown, SlidersHorizontal } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from './badge';
import { Button } from './button';
import { Popover, PopoverContent, PopoverTrigger } from './popover';

/**
 * The toolbar button with the count of active filters; `children` is the panel. `preload`
 * runs as the pointer or the focus reaches the button: a panel loaded on first use starts
 * downloading then, so it is there when the popover opens.
 */
export function FiltersButton({
  count,
  preload,
  children,
}: {
  count: number;
  preload?: () => void;
  children: ReactNode;
}) {
  return (
    <Popover>
      <PopoverTrigger asChild onPointerEnter={preload} onFocus={preload} onPointerDown={preload}>
        <Button variant="outline" size="sm" aria-label={`Filters (${count} active)`}>
          <SlidersHorizontal aria-hidden="true" />
          <span className="hidden @lg:inline">Filters</span>
          {count > 0 ? (
            <Badge variant="accent" className="tabular-nums">
              {count}
            </Badge>
          ) : null}
          <ChevronDown className="text-muted-foreground" aria-hidden="true" />
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-96">{children}</PopoverContent>
    </Popover>
  );
}
