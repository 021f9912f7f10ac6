import { useId } from 'react';
import type { ReactNode } from 'react';

/** One numbered step of the quickstart, joined to the next by a line. */
export function QuickstartStep({
  number,
  title,
  description,
  children,
}: {
  number: number;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
}) {
  const headingId = useId();
  return (
    <li
      aria-labelledby={headingId}
      className="group relative grid grid-cols-[1.75rem_minmax(0,1fr)] gap-x-3 pb-10 last:pb-0 sm:grid-cols-[2rem_minmax(0,1fr)] sm:gap-x-4"
    >
      <span
        aria-hidden="true"
        className="absolute top-9 bottom-1 left-[13px] w-px bg-border group-last:hidden sm:left-[15px]"
      />
      <span
        aria-hidden="true"
        className="flex size-7 items-center justify-center rounded-full border border-border bg-surface text-[13px] font-semibold text-foreground shadow-xs sm:size-8"
      >
        {number}
      </span>
      <div className="grid min-w-0 gap-3 pt-0.5 sm:pt-1">
        <div>
          <h2 id={headingId} className="text-base font-semibold tracking-tight text-foreground">
            <span className="sr-only">Step {number}: </span>
            {title}
          </h2>
          {description ? (
            <div className="mt-1 text-sm text-muted-foreground">{description}</div>
          ) : null}
        </div>
        {children}
      </div>
    </li>
  );
}
