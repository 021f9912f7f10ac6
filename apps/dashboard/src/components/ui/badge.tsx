import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

const variants = {
  neutral: 'border-border bg-muted text-muted-foreground',
  accent: 'border-transparent bg-accent text-accent-foreground',
  outline: 'border-border text-foreground',
} as const;

export function Badge({
  variant = 'neutral',
  className,
  ...props
}: ComponentProps<'span'> & { variant?: keyof typeof variants }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-md border px-1.5 py-0.5 text-[11px] font-medium leading-none',
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}
