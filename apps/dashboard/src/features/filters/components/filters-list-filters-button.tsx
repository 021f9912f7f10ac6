import {
  CheckboxListFilter,
  FilterPanel,
  FiltersButton,
  TextListFilter,
} from '@/components/ui/filter-controls';
import type { FilterOption } from '@/components/ui/filter-controls';
import {
  DEFAULT_FILTERS_LIST_FILTERS,
  activeFiltersListFilterCount,
} from '../utils/filters-list-filters';
import type { FiltersListFilters } from '../utils/filters-list-filters';

/** The filters toolbar's "Filters" button: by workflow and by scope. */
export function FiltersListFiltersButton({
  filters,
  onChange,
  workflows,
}: {
  filters: FiltersListFilters;
  onChange: (update: (current: FiltersListFilters) => FiltersListFilters) => void;
  workflows: FilterOption[];
}) {
  const count = activeFiltersListFilterCount(filters);
  return (
    <FiltersButton count={count}>
      <FilterPanel count={count} onClearAll={() => onChange(() => DEFAULT_FILTERS_LIST_FILTERS)}>
        <CheckboxListFilter
          title="Workflow"
          options={workflows}
          emptyText="No workflows registered yet."
          selected={filters.workflowIds}
          onChange={(workflowIds) => onChange((current) => ({ ...current, workflowIds }))}
        />
        <TextListFilter
          title="Scope"
          placeholder="Scope"
          entries={filters.scopes}
          onChange={(scopes) => onChange((current) => ({ ...current, scopes }))}
        />
      </FilterPanel>
    </FiltersButton>
  );
}
