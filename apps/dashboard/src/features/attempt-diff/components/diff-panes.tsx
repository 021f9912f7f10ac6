import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import type { DiffLine } from '../utils/attempt-diff';

/** The marks of a difference: a tint readable in both themes, and a sign that needs no colour. */
export const CHANGED_CLASSES = {
  left: 'bg-red-500/15 text-red-900 dark:bg-red-500/20 dark:text-red-100',
  right: 'bg-emerald-500/15 text-emerald-900 dark:bg-emerald-500/20 dark:text-emerald-100',
} as const;
export type Side = keyof typeof CHANGED_CLASSES;

/**
 * One compared field: its name, whether the two attempts differ on it, and the two attempts'
 * values side by side (stacked on narrow screens, each labelled with its attempt).
 */
export function DiffRow({
  title,
  same,
  attempts,
  left,
  right,
}: {
  title: string;
  /** Undefined when the two cannot be compared (a value is not kept). */
  same: boolean | undefined;
  attempts: [number, number];
  left: ReactNode;
  right: ReactNode;
}) {
  return (
    <section
      aria-label={title}
      data-diff-field={title}
      data-same={same === undefined ? 'unknown' : String(same)}
      className="grid gap-2 border-t border-border pt-3"
    >
      <h3 className="flex items-center gap-2 text-sm font-semibold">
        {title}
        {same === undefined ? (
          <Badge>Not comparable</Badge>
        ) : same ? (
          <Badge>Same</Badge>
        ) : (
          <Badge className="border-amber-500/40 bg-amber-500/15 text-amber-900 dark:text-amber-100">
            Differs
          </Badge>
        )}
      </h3>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-2 sm:grid-cols-2">
        <Pane attempt={attempts[0]}>{left}</Pane>
        <Pane attempt={attempts[1]}>{right}</Pane>
      </div>
    </section>
  );
}

function Pane({ attempt, children }: { attempt: number; children: ReactNode }) {
  return (
    <div className="grid min-w-0 content-start gap-1" data-attempt-pane={attempt}>
      {/* Side by side the column headers say which is which; stacked, each pane says it. */}
      <span className="text-[11px] font-medium text-muted-foreground sm:hidden">
        Attempt {attempt}
      </span>
      {children}
    </div>
  );
}

/** A short value, marked when it differs from the other attempt's. */
export function DiffValue({
  side,
  changed,
  children,
}: {
  side: Side;
  changed: boolean;
  children: ReactNode;
}) {
  return (
    <span
      data-changed={changed || undefined}
      className={cn(
        'w-fit rounded-md px-1.5 py-0.5 font-mono text-xs break-all',
        changed ? CHANGED_CLASSES[side] : 'bg-muted/50',
      )}
    >
      {changed ? <span className="sr-only">Changed: </span> : null}
      {children}
    </span>
  );
}

/** Lines of text (a JSON payload, an error) with the lines the other attempt lacks marked. */
export function DiffLines({
  side,
  lines,
  label,
  empty,
}: {
  side: Side;
  lines: DiffLine[];
  label: string;
  /** Shown instead of the lines when there are none. */
  empty: string;
}) {
  if (lines.length === 0) return <p className="text-xs text-muted-foreground italic">{empty}</p>;
  return (
    <pre
      tabIndex={0}
      aria-label={label}
      className="max-h-72 overflow-auto rounded-lg border border-border bg-muted/30 py-2 font-mono text-xs leading-relaxed focus-visible:outline-2 focus-visible:outline-ring"
    >
      {lines.map((line, index) => (
        <span
          key={index}
          data-changed={line.changed || undefined}
          className={cn('flex px-3', line.changed && CHANGED_CLASSES[side])}
        >
          <span aria-hidden="true" className="w-4 shrink-0 text-muted-foreground">
            {line.changed ? (side === 'left' ? '−' : '+') : ' '}
          </span>
          {/* A wrapped line stays clear of the marks' column. */}
          <span className="min-w-0 break-words whitespace-pre-wrap">
            {line.changed ? <span className="sr-only">Changed: </span> : null}
            {line.text}
          </span>
        </span>
      ))}
    </pre>
  );
}
