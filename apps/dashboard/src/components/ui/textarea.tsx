import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/**
 * A multi-line input for code: JSON documents and expressions, in the monospace font, with
 * the browser's spell checking off (it would underline every key).
 */
export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      spellCheck={false}
      className={cn(
        'w-full min-w-0 resize-y rounded-md border border-input bg-surface px-3 py-2 font-mono text-xs leading-relaxed text-foreground shadow-xs',
        'placeholder:text-muted-foreground/70 focus-visible:outline-2 focus-visible:outline-ring',
        'disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive',
        className,
      )}
      {...props}
    />
  );
}
