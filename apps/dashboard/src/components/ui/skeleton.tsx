import { cn } from '@/lib/cn';

/** A grey placeholder bar while content loads. */
export function Skeleton({ className }: { className?: string }) {
  return (
    <div aria-hidden="true" className={cn('h-4 animate-pulse rounded bg-subtle', className)} />
  );
}
