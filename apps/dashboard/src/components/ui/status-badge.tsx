import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import type { StatusTone } from '@/lib/status';

const tones: Record<StatusTone, { badge: string; dot: string }> = {
  green: {
    badge: 'bg-green-500/20 text-green-800 dark:text-green-300',
    dot: 'bg-green-500',
  },
  // Outlined where green is filled, with a hollow dot: finished, but nothing was done.
  sage: {
    badge:
      'bg-green-500/5 text-green-800/90 ring-1 ring-inset ring-green-600/35 dark:text-green-300/90 dark:ring-green-400/35',
    dot: 'border border-green-600 dark:border-green-400',
  },
  red: { badge: 'bg-red-500/20 text-red-800 dark:text-red-300', dot: 'bg-red-500' },
  orange: {
    badge: 'bg-orange-500/20 text-orange-800 dark:text-orange-300',
    dot: 'bg-orange-500',
  },
  yellow: {
    badge: 'bg-yellow-500/20 text-yellow-800 dark:text-yellow-300',
    dot: 'bg-yellow-500',
  },
  amber: { badge: 'bg-amber-500/20 text-amber-800 dark:text-amber-300', dot: 'bg-amber-500' },
  slate: { badge: 'bg-slate-500/20 text-slate-800 dark:text-slate-300', dot: 'bg-slate-500' },
  grey: { badge: 'bg-zinc-500/15 text-zinc-700 dark:text-zinc-300', dot: 'bg-zinc-400' },
};

/** The classes of a tone's dot, for status dots drawn without a badge. */
export function statusDotClass(tone: StatusTone): string {
  return tones[tone].dot;
}

/** A small coloured status label with a dot; the colour comes from `lib/status`. */
export function StatusBadge({
  tone,
  children,
  className,
  title,
}: {
  tone: StatusTone;
  children: ReactNode;
  className?: string;
  title?: string;
}) {
  const style = tones[tone];
  return (
    <span
      title={title}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-md align-middle px-1.5 py-0.5 text-[11px] leading-none font-medium whitespace-nowrap',
        style.badge,
        className,
      )}
    >
      <span aria-hidden="true" className={cn('size-1.5 rounded-full', style.dot)} />
      {children}
    </span>
  );
}
