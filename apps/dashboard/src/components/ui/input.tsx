import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export const inputClasses =
  'flex h-9 w-full min-w-0 rounded-md border border-input bg-surface px-3 py-1 text-sm text-foreground ' +
  'shadow-xs transition-[color,background-color,border-color] placeholder:text-muted-foreground/70 ' +
  'focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring focus-visible:border-ring ' +
  'disabled:cursor-not-allowed disabled:opacity-50 ' +
  'aria-invalid:border-destructive aria-invalid:focus-visible:outline-destructive';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input type={type} className={cn(inputClasses, className)} {...props} />;
}
