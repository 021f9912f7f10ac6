import { CircleAlert } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Button } from './button';
import { Skeleton } from './skeleton';

/** A bordered table that scrolls sideways inside its box when the screen is narrow. */
export function Table({ className, ...props }: ComponentProps<'table'>) {
  return (
    // `relative` keeps absolutely placed children (screen-reader-only labels) inside the
    // scrolling box, so they cannot widen the page.
    <div className="relative w-full overflow-x-auto">
      <table
        className={cn('w-full caption-bottom border-collapse text-sm', className)}
        {...props}
      />
    </div>
  );
}

export function TableHeader(props: ComponentProps<'thead'>) {
  return <thead {...props} />;
}

export function TableBody(props: ComponentProps<'tbody'>) {
  return <tbody {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return (
    <tr
      className={cn(
        'border-b border-border transition-colors last:border-b-0 hover:bg-muted/40',
        className,
      )}
      {...props}
    />
  );
}

export function TableHead({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      scope="col"
      className={cn(
        'h-9 border-b border-border bg-muted/50 px-3 text-left align-middle text-xs font-medium whitespace-nowrap text-muted-foreground first:pl-4 last:pr-4',
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return (
    <td
      className={cn('h-12 px-3 align-middle text-foreground first:pl-4 last:pr-4', className)}
      {...props}
    />
  );
}

/** Placeholder rows while a list loads for the first time. */
export function TableLoadingRows({
  columns,
  rows = 3,
  label = 'Loading',
}: {
  columns: number;
  rows?: number;
  label?: string;
}) {
  return (
    <>
      {Array.from({ length: rows }, (_, row) => (
        <tr key={row} className="border-b border-border last:border-b-0" aria-hidden={row > 0}>
          {Array.from({ length: columns }, (_, column) => (
            <td key={column} className="h-12 px-3 first:pl-4 last:pr-4">
              {row === 0 && column === 0 ? <span className="sr-only">{label}</span> : null}
              <Skeleton className={column === 0 ? 'w-32' : 'w-20'} />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}

/** One full-width row: the empty state of a list. */
export function TableEmptyRow({
  columns,
  title,
  description,
  action,
}: {
  columns: number;
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <tr>
      <td colSpan={columns} className="px-4 py-10 text-center">
        <p className="text-sm font-medium text-foreground">{title}</p>
        {description ? (
          <p className="mx-auto mt-1 max-w-sm text-sm text-muted-foreground">{description}</p>
        ) : null}
        {action ? <div className="mt-4 flex justify-center">{action}</div> : null}
      </td>
    </tr>
  );
}

export interface EmptyContent {
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
}

/**
 * What an empty list says: its own empty state, or, while filters are set, that nothing
 * matches them, with a way to clear them.
 */
export function listEmpty(
  empty: EmptyContent,
  filters: { active: boolean; noMatch: string; onClear: () => void },
): EmptyContent {
  if (!filters.active) return empty;
  return {
    title: filters.noMatch,
    action: (
      <Button variant="outline" onClick={filters.onClear}>
        Clear all filters
      </Button>
    ),
  };
}

/** One full-width row: the list could not be loaded. */
export function TableErrorRow({
  columns,
  message,
  onRetry,
}: {
  columns: number;
  message: string;
  onRetry?: () => void;
}) {
  return (
    <tr>
      <td colSpan={columns} className="px-4 py-8">
        <div role="alert" className="flex flex-col items-center gap-3 text-center">
          <p className="flex items-center gap-2 text-sm font-medium text-destructive">
            <CircleAlert className="size-4 shrink-0" aria-hidden="true" />
            {message}
          </p>
          {onRetry ? (
            <Button variant="outline" size="sm" onClick={onRetry}>
              Try again
            </Button>
          ) : null}
        </div>
      </td>
    </tr>
  );
}
