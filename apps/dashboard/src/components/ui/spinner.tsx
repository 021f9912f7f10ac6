import { cn } from '@/lib/cn';

/** A small rotating ring. Decorative: pair it with text or `aria-busy` on the container. */
export function Spinner({ className }: { className?: string }) {
  return (
    <svg
      className={cn('size-4 animate-spin text-current', className)}
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.2" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** Fills its container with a centred spinner and a screen-reader label. */
export function LoadingArea({
  label = 'Loading',
  className,
}: {
  label?: string;
  className?: string;
}) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn(
        'flex h-full min-h-40 w-full items-center justify-center text-muted-foreground',
        className,
      )}
    >
      <Spinner className="size-5" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
