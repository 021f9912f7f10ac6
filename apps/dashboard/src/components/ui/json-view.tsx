import { useMemo } from 'react';
import { formatJson, tokenizeJson } from '@/lib/json-tokens';
import type { JsonTokenKind } from '@/lib/json-tokens';
import { cn } from '@/lib/cn';
import { CopyButton } from './copy-button';

const TOKEN_CLASSES: Record<JsonTokenKind, string> = {
  key: 'text-sky-700 dark:text-sky-300',
  string: 'text-emerald-700 dark:text-emerald-300',
  number: 'text-amber-700 dark:text-amber-300',
  literal: 'text-fuchsia-700 dark:text-fuchsia-300',
  punctuation: 'text-muted-foreground',
};

/**
 * A JSON value, pretty-printed and coloured, with a copy button. Long documents scroll
 * inside `maxHeightClass`. Values render as text, never as markup.
 */
export function JsonView({
  value,
  label,
  className,
  maxHeightClass = 'max-h-[400px]',
}: {
  value: unknown;
  /** What the JSON is, for the copy button ("input", "output"). */
  label: string;
  className?: string;
  maxHeightClass?: string;
}) {
  const text = useMemo(() => formatJson(value), [value]);
  const tokens = useMemo(() => tokenizeJson(text), [text]);
  return (
    <div className={cn('relative rounded-lg border border-border bg-muted/30', className)}>
      <pre
        tabIndex={0}
        aria-label={label}
        className={cn(
          'overflow-auto p-3 pr-11 font-mono text-xs leading-relaxed break-words whitespace-pre-wrap',
          maxHeightClass,
        )}
      >
        <code>
          {tokens.map((token, index) => (
            <span key={index} className={TOKEN_CLASSES[token.kind]}>
              {token.text}
            </span>
          ))}
        </code>
      </pre>
      <CopyButton value={text} label={label} className="absolute top-1.5 right-1.5" />
    </div>
  );
}
