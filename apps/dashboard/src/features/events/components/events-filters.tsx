import {
  CheckboxListFilter,
  FilterPanel,
  FiltersButton,
  KeyValueFilter,
  TextListFilter,
} from '@/components/ui/filter-controls';
import type { FilterOption } from '@/components/ui/filter-controls';
import { RUN_STATUSES, runStatusStyle } from '@/lib/status';
import { DEFAULT_EVENT_FILTERS, activeEventFilterCount } from '../utils/event-filters';
import type { EventFilters } from '../utils/event-filters';

const STATUS_OPTIONS: FilterOption[] = RUN_STATUSES.map((status) => ({
  value: status,
  label: runStatusStyle(status).label,
}));

/**
 * The events toolbar's "Filters" button (reference 5.6): event keys (suggesting the keys
 * seen so far), workflows, statuses of the triggered runs, metadata, event ids and scopes.
 */
export function EventsFiltersButton({
  filters,
  onChange,
  workflows,
  eventKeys,
}: {
  filters: EventFilters;
  onChange: (update: (current: EventFilters) => EventFilters) => void;
  workflows: FilterOption[];
  eventKeys: readonly string[];
}) {
  const set =
    <K extends keyof EventFilters>(name: K) =>
    (values: EventFilters[K]) =>
      onChange((current) => ({ ...current, [name]: values }));
  const count = activeEventFilterCount(filters);
  return (
    <FiltersButton count={count}>
      <FilterPanel count={count} onClearAll={() => onChange(() => DEFAULT_EVENT_FILTERS)}>
        <TextListFilter
          title="Event"
          placeholder="Event key"
          entries={filters.keys}
          onChange={set('keys')}
          suggestions={eventKeys}
        />
        <CheckboxListFilter
          title="Workflow"
          options={workflows}
          emptyText="No workflows registered yet."
          selected={filters.workflowIds}
          onChange={set('workflowIds')}
        />
        <CheckboxListFilter
          title="Run status"
          className="grid-cols-2"
          options={STATUS_OPTIONS}
          selected={filters.statuses}
          onChange={(selected) =>
            set('statuses')(RUN_STATUSES.filter((status) => selected.includes(status)))
          }
        />
        <KeyValueFilter title="Metadata" entries={filters.metadata} onChange={set('metadata')} />
        <TextListFilter
          title="Event ID"
          placeholder="Event ID (UUID)"
          entries={filters.eventIds}
          onChange={set('eventIds')}
        />
        <TextListFilter
          title="Scope"
          placeholder="Scope"
          entries={filters.scopes}
          onChange={set('scopes')}
        />
      </FilterPanel>
    </FiltersButton>
  );
}
