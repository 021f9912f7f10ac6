import { Search, X } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { cn } from '@/lib/cn';
import { Input } from './input';

/** A list toolbar's search box: a magnifier, the text, a clear button; Escape clears too. */
export function SearchInput({
  label,
  placeholder,
  value,
  onChange,
  onKeyDown,
  className,
}: {
  /** Accessible name, e.g. "Search workflows by name". */
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** Keys beyond Escape, e.g. arrows that move into the results. */
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
  className?: string;
}) {
  return (
    <div className={cn('relative w-full sm:w-72', className)}>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onChange('');
          onKeyDown?.(event);
        }}
        className="pr-8 pl-8 [&::-webkit-search-cancel-button]:hidden"
      />
      {value ? (
        <button
          type="button"
          aria-label="Clear search"
          onClick={() => onChange('')}
          className="absolute top-1/2 right-1.5 -translate-y-1/2 rounded-sm p-1 text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        >
          <X className="size-3.5" aria-hidden="true" />
        </button>
      ) : null}
    </div>
  );
}
