/**
 * The "Filters" button of a list toolbar and the controls its panel is made of (reference
 * dashboard 3.1): a section per filter, titled, with its own clear button while it is set:
 * checkbox lists (with a search box past five options), key:value pairs, free-text lists.
 * The button alone is ./filters-button.tsx, for a toolbar that loads its panel on first use.
 */
import { X } from 'lucide-react';
import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { withMetadataFilter } from '@/lib/metadata-filter';
import { cn } from '@/lib/cn';
import { Badge } from './badge';
import { Button } from './button';
import { Input } from './input';

export { FiltersButton } from './filters-button';

export const checkboxClasses = 'size-4 rounded border-input accent-primary';

/** Options listed before a checkbox list offers a search box. */
const SEARCH_THRESHOLD = 5;

/** The panel's frame: "Clear All Filters" while any filter is set, then the sections. */
export function FilterPanel({
  count,
  onClearAll,
  children,
}: {
  count: number;
  onClearAll: () => void;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-4 text-sm">
      {count > 0 ? (
        <Button variant="outline" size="sm" onClick={onClearAll} className="justify-self-start">
          Clear All Filters
        </Button>
      ) : null}
      {children}
    </div>
  );
}

export function FilterSection({
  title,
  onClear,
  children,
}: {
  title: string;
  /** Shown as a small X while this filter is set. */
  onClear?: (() => void) | undefined;
  children: ReactNode;
}) {
  return (
    <fieldset className="grid gap-2">
      <div className="flex items-center justify-between">
        <legend className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          {title}
        </legend>
        {onClear ? (
          <button
            type="button"
            onClick={onClear}
            aria-label={`Clear ${title}`}
            className="rounded-sm p-0.5 text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
          >
            <X className="size-3.5" aria-hidden="true" />
          </button>
        ) : null}
      </div>
      {children}
    </fieldset>
  );
}

export interface FilterOption {
  value: string;
  label: string;
}

/** The section of one list-valued filter: cleared by emptying the list. */
function ListFilterSection({
  title,
  entries,
  onChange,
  children,
}: {
  title: string;
  entries: readonly string[];
  onChange: (entries: string[]) => void;
  children: ReactNode;
}) {
  return (
    <FilterSection title={title} onClear={entries.length > 0 ? () => onChange([]) : undefined}>
      {children}
    </FilterSection>
  );
}

/** Checkboxes, one per option; a search box appears when there are more than five. */
export function CheckboxListFilter({
  options,
  selected,
  onChange,
  title,
  emptyText,
  className,
}: {
  options: readonly FilterOption[];
  selected: readonly string[];
  onChange: (selected: string[]) => void;
  /** The section's title; also names the search box ("Search Workflow..."). */
  title: string;
  /** Shown when there is nothing to choose from. */
  emptyText?: string;
  /** Layout of the boxes (a two-column grid for short labels). */
  className?: string;
}) {
  return (
    <ListFilterSection title={title} entries={selected} onChange={onChange}>
      {options.length === 0 ? (
        <p className="text-xs text-muted-foreground">{emptyText ?? 'No options available'}</p>
      ) : (
        <CheckboxList
          options={options}
          selected={selected}
          onChange={onChange}
          title={title}
          className={className}
        />
      )}
    </ListFilterSection>
  );
}

function CheckboxList({
  options,
  selected,
  onChange,
  title,
  className,
}: {
  options: readonly FilterOption[];
  selected: readonly string[];
  onChange: (selected: string[]) => void;
  title: string;
  className?: string | undefined;
}) {
  const [search, setSearch] = useState('');
  const term = search.trim().toLowerCase();
  const shown = options.filter((option) => option.label.toLowerCase().includes(term));
  return (
    <div className="grid gap-2">
      {options.length > SEARCH_THRESHOLD ? (
        <Input
          type="search"
          aria-label={`Search ${title}`}
          placeholder={`Search ${title}...`}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="h-8 text-xs"
        />
      ) : null}
      <div className={cn('grid max-h-40 gap-1.5 overflow-y-auto', className)}>
        {shown.length === 0 ? (
          <p className="text-xs text-muted-foreground">No options found</p>
        ) : (
          shown.map((option) => (
            <label key={option.value} className="flex min-w-0 items-center gap-2">
              <input
                type="checkbox"
                className={checkboxClasses}
                checked={selected.includes(option.value)}
                onChange={(event) =>
                  onChange(
                    event.target.checked
                      ? [...selected, option.value]
                      : selected.filter((value) => value !== option.value),
                  )
                }
              />
              <span className="truncate">{option.label}</span>
            </label>
          ))
        )}
      </div>
    </div>
  );
}

/** `key:value` pairs: chips of the current ones and two inputs to add one (Enter adds). */
export function KeyValueFilter({
  entries,
  onChange,
  title,
}: {
  entries: readonly string[];
  onChange: (entries: string[]) => void;
  title: string;
}) {
  const [key, setKey] = useState('');
  const [value, setValue] = useState('');
  const valid = key.trim() !== '' && !key.includes(':');
  return (
    <ListFilterSection title={title} entries={entries} onChange={onChange}>
      <FilterChips title={title} entries={entries} onChange={onChange} />
      <AddFilterForm
        canAdd={valid}
        onAdd={() => {
          onChange(withMetadataFilter(entries, key, value));
          setKey('');
          setValue('');
        }}
      >
        <Input
          aria-label={`${title} key`}
          placeholder="Key (ENV)"
          value={key}
          onChange={(event) => setKey(event.target.value)}
          className="h-8 text-xs"
        />
        <Input
          aria-label={`${title} value`}
          placeholder="Value (PRODUCTION)"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          className="h-8 text-xs"
        />
      </AddFilterForm>
    </ListFilterSection>
  );
}

/**
 * Free-text values (event keys, ids, scopes): chips of the current ones and one input, which
 * offers `suggestions` (values seen so far) as the browser's autocomplete list.
 */
export function TextListFilter({
  entries,
  onChange,
  title,
  placeholder,
  suggestions = [],
}: {
  entries: readonly string[];
  onChange: (entries: string[]) => void;
  title: string;
  placeholder?: string;
  suggestions?: readonly string[];
}) {
  const listId = useId();
  const [text, setText] = useState('');
  const value = text.trim();
  return (
    <ListFilterSection title={title} entries={entries} onChange={onChange}>
      <FilterChips title={title} entries={entries} onChange={onChange} />
      <AddFilterForm
        canAdd={value !== ''}
        onAdd={() => {
          if (!entries.includes(value)) onChange([...entries, value]);
          setText('');
        }}
      >
        <Input
          aria-label={`Add ${title}`}
          placeholder={placeholder}
          value={text}
          list={suggestions.length > 0 ? listId : undefined}
          onChange={(event) => setText(event.target.value)}
          className="h-8 text-xs"
        />
      </AddFilterForm>
      {suggestions.length > 0 ? (
        <datalist id={listId}>
          {suggestions.map((suggestion) => (
            <option key={suggestion} value={suggestion} />
          ))}
        </datalist>
      ) : null}
    </ListFilterSection>
  );
}

/** The inputs of a new value and "Add Filter" (Enter adds too). */
function AddFilterForm({
  canAdd,
  onAdd,
  children,
}: {
  canAdd: boolean;
  onAdd: () => void;
  children: ReactNode;
}) {
  return (
    <form
      className="flex gap-1.5"
      onSubmit={(event) => {
        event.preventDefault();
        if (canAdd) onAdd();
      }}
    >
      {children}
      <Button type="submit" variant="outline" size="sm" disabled={!canAdd}>
        Add Filter
      </Button>
    </form>
  );
}

function FilterChips({
  title,
  entries,
  onChange,
}: {
  title: string;
  entries: readonly string[];
  onChange: (entries: string[]) => void;
}) {
  if (entries.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={`${title} filters`}>
      {entries.map((entry) => (
        <li key={entry} className="min-w-0">
          <Badge variant="outline" className="max-w-full gap-1 py-1 font-mono">
            <span className="truncate">{entry}</span>
            <button
              type="button"
              aria-label={`Remove ${entry}`}
              onClick={() => onChange(entries.filter((candidate) => candidate !== entry))}
              className="rounded-sm text-muted-foreground hover:text-foreground"
            >
              <X className="size-3" aria-hidden="true" />
            </button>
          </Badge>
        </li>
      ))}
    </ul>
  );
}
