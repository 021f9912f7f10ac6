import { ChevronDown, SlidersHorizontal, X } from 'lucide-react';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { RUN_STATUSES, runStatusStyle } from '@/lib/status';
import type { Workflow } from '@/types/api';
import {
  DEFAULT_RUN_FILTERS,
  TIME_WINDOWS,
  activeFilterCount,
  withMetadataFilter,
} from '../utils/run-filters';
import type { RunFilters, TimeWindow } from '../utils/run-filters';
import { fromLocalInput, toLocalInput } from '../utils/local-datetime';

const checkboxClasses = 'size-4 rounded border-input accent-primary';

/** The "Filters" button of the runs toolbar and its panel. */
export function RunsFiltersButton(props: RunsFilterPanelProps) {
  const count = activeFilterCount(props.filters);
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Filters (${count} active)`}>
          <SlidersHorizontal aria-hidden="true" />
          <span className="hidden @lg:inline">Filters</span>
          {count > 0 ? (
            <Badge variant="accent" className="tabular-nums">
              {count}
            </Badge>
          ) : null}
          <ChevronDown className="text-muted-foreground" aria-hidden="true" />
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-96">
        <RunsFilterPanel {...props} />
      </PopoverContent>
    </Popover>
  );
}

export interface RunsFilterPanelProps {
  filters: RunFilters;
  onChange: (update: (current: RunFilters) => RunFilters) => void;
  workflows: Workflow[];
  /** The window the list shows now, to start a custom range from. */
  currentRange: { since: string; until?: string };
  /** Hide the time range (the bulk dialog keeps its own). */
  hideTime?: boolean;
}

/**
 * Every filter of the runs list: time range (preset or custom), workflow, status, metadata
 * key:value and flatten DAGs. Also shown inside the bulk-action dialog, so the scope of
 * "every matching run" can be adjusted right there.
 */
export function RunsFilterPanel({
  filters,
  onChange,
  workflows,
  currentRange,
  hideTime = false,
}: RunsFilterPanelProps) {
  const count = activeFilterCount(filters);
  return (
    <div className="grid gap-4 text-sm">
      {count > 0 ? (
        <Button
          variant="outline"
          size="sm"
          onClick={() => onChange(() => DEFAULT_RUN_FILTERS)}
          className="justify-self-start"
        >
          Clear All Filters
        </Button>
      ) : null}
      {hideTime ? null : (
        <FilterSection
          title="Time Range"
          onClear={
            filters.customRange || filters.timeWindow !== DEFAULT_RUN_FILTERS.timeWindow
              ? () =>
                  onChange((current) => ({
                    ...current,
                    timeWindow: DEFAULT_RUN_FILTERS.timeWindow,
                    customRange: false,
                  }))
              : undefined
          }
        >
          <TimeRangeFilter filters={filters} onChange={onChange} currentRange={currentRange} />
        </FilterSection>
      )}
      <FilterSection
        title="Workflow"
        onClear={
          filters.workflowIds.length > 0
            ? () => onChange((current) => ({ ...current, workflowIds: [] }))
            : undefined
        }
      >
        <WorkflowFilter
          workflows={workflows}
          selected={filters.workflowIds}
          onChange={(workflowIds) => onChange((current) => ({ ...current, workflowIds }))}
        />
      </FilterSection>
      <FilterSection
        title="Status"
        onClear={
          filters.statuses.length > 0
            ? () => onChange((current) => ({ ...current, statuses: [] }))
            : undefined
        }
      >
        <div className="grid grid-cols-2 gap-1.5">
          {RUN_STATUSES.map((status) => (
            <label key={status} className="flex items-center gap-2">
              <input
                type="checkbox"
                className={checkboxClasses}
                checked={filters.statuses.includes(status)}
                onChange={(event) =>
                  onChange((current) => {
                    const next = event.target.checked
                      ? [...current.statuses, status]
                      : current.statuses.filter((entry) => entry !== status);
                    return {
                      ...current,
                      statuses: next.length === RUN_STATUSES.length ? [] : next,
                    };
                  })
                }
              />
              {runStatusStyle(status).label}
            </label>
          ))}
        </div>
      </FilterSection>
      <FilterSection
        title="Metadata"
        onClear={
          filters.metadata.length > 0
            ? () => onChange((current) => ({ ...current, metadata: [] }))
            : undefined
        }
      >
        <MetadataFilter
          entries={filters.metadata}
          onChange={(metadata) => onChange((current) => ({ ...current, metadata }))}
        />
      </FilterSection>
      <label className="flex items-center gap-2 font-medium">
        <input
          type="checkbox"
          className={checkboxClasses}
          checked={filters.flatten}
          onChange={(event) =>
            onChange((current) => ({ ...current, flatten: event.target.checked }))
          }
        />
        Flatten DAGs
        <span className="font-normal text-muted-foreground">(one row per task)</span>
      </label>
    </div>
  );
}

function FilterSection({
  title,
  onClear,
  children,
}: {
  title: string;
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

function TimeRangeFilter({
  filters,
  onChange,
  currentRange,
}: {
  filters: RunFilters;
  onChange: RunsFilterPanelProps['onChange'];
  currentRange: { since: string; until?: string };
}) {
  return (
    <div className="grid gap-2">
      <NativeSelect
        aria-label="Time range"
        value={filters.customRange ? 'custom' : filters.timeWindow}
        onChange={(event) => {
          const value = event.target.value;
          if (value === 'custom') {
            onChange((current) => ({
              ...current,
              customRange: true,
              since: currentRange.since,
              until: currentRange.until ?? new Date().toISOString(),
            }));
          } else {
            onChange((current) => ({
              ...current,
              customRange: false,
              timeWindow: value as TimeWindow,
            }));
          }
        }}
      >
        {TIME_WINDOWS.map((entry) => (
          <option key={entry.key} value={entry.key}>
            {entry.label}
          </option>
        ))}
        <option value="custom">Custom</option>
      </NativeSelect>
      {filters.customRange ? (
        <div className="grid grid-cols-2 gap-2">
          <label className="grid gap-1 text-xs text-muted-foreground">
            After
            <Input
              type="datetime-local"
              step={1}
              value={toLocalInput(filters.since)}
              onChange={(event) => {
                const since = fromLocalInput(event.target.value);
                if (since) onChange((current) => ({ ...current, since }));
              }}
              className="h-8 px-2 text-xs"
            />
          </label>
          <label className="grid gap-1 text-xs text-muted-foreground">
            Before
            <Input
              type="datetime-local"
              step={1}
              value={toLocalInput(filters.until)}
              onChange={(event) => {
                const until = fromLocalInput(event.target.value);
                onChange((current) => ({ ...current, until }));
              }}
              className="h-8 px-2 text-xs"
            />
          </label>
        </div>
      ) : null}
    </div>
  );
}

function WorkflowFilter({
  workflows,
  selected,
  onChange,
}: {
  workflows: Workflow[];
  selected: string[];
  onChange: (ids: string[]) => void;
}) {
  const [search, setSearch] = useState('');
  const term = search.trim().toLowerCase();
  const shown = workflows.filter((workflow) => workflow.name.toLowerCase().includes(term));
  if (workflows.length === 0) {
    return <p className="text-xs text-muted-foreground">No workflows registered yet.</p>;
  }
  return (
    <div className="grid gap-2">
      {workflows.length > 5 ? (
        <Input
          type="search"
          aria-label="Search workflows"
          placeholder="Search Workflow..."
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="h-8 text-xs"
        />
      ) : null}
      <div className="grid max-h-40 gap-1.5 overflow-y-auto">
        {shown.length === 0 ? (
          <p className="text-xs text-muted-foreground">No options found</p>
        ) : (
          shown.map((workflow) => (
            <label key={workflow.metadata.id} className="flex min-w-0 items-center gap-2">
              <input
                type="checkbox"
                className={checkboxClasses}
                checked={selected.includes(workflow.metadata.id)}
                onChange={(event) =>
                  onChange(
                    event.target.checked
                      ? [...selected, workflow.metadata.id]
                      : selected.filter((id) => id !== workflow.metadata.id),
                  )
                }
              />
              <span className="truncate">{workflow.name}</span>
            </label>
          ))
        )}
      </div>
    </div>
  );
}

function MetadataFilter({
  entries,
  onChange,
}: {
  entries: string[];
  onChange: (entries: string[]) => void;
}) {
  const [key, setKey] = useState('');
  const [value, setValue] = useState('');
  const add = () => {
    if (!key.trim() || key.includes(':')) return;
    onChange(withMetadataFilter(entries, key, value));
    setKey('');
    setValue('');
  };
  return (
    <div className="grid gap-2">
      {entries.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label="Metadata filters">
          {entries.map((entry) => (
            <li key={entry}>
              <Badge variant="outline" className="gap-1 py-1 font-mono">
                {entry}
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
      ) : null}
      <form
        className="flex gap-1.5"
        onSubmit={(event) => {
          event.preventDefault();
          add();
        }}
      >
        <Input
          aria-label="Metadata key"
          placeholder="Key (ENV)"
          value={key}
          onChange={(event) => setKey(event.target.value)}
          className="h-8 text-xs"
        />
        <Input
          aria-label="Metadata value"
          placeholder="Value (PRODUCTION)"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          className="h-8 text-xs"
        />
        <Button
          type="submit"
          variant="outline"
          size="sm"
          disabled={!key.trim() || key.includes(':')}
        >
          Add Filter
        </Button>
      </form>
    </div>
  );
}
