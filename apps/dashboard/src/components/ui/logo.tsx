import { cn } from '@/lib/cn';

/** The Trellis mark and word. The mark is drawn, so it follows the theme's colours. */
export function Logo({ className, withWord = true }: { className?: string; withWord?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold tracking-tight', className)}>
      <svg viewBox="0 0 32 32" className="size-6 shrink-0" aria-hidden="true">
        <rect width="32" height="32" rx="8" className="fill-primary" />
        <path
          d="M9 9h14M16 9v14M10.5 15.5h11M11.5 22h9"
          stroke="white"
          strokeWidth="2.4"
          strokeLinecap="round"
        />
      </svg>
      {withWord ? <span className="text-[15px] text-foreground">Trellis</span> : null}
    </span>
  );
}
