import {
  CheckboxListFilter,
  FilterPanel,
  FiltersButton,
  KeyValueFilter,
} from '@/components/ui/filter-controls';
import type { FilterOption } from '@/components/ui/filter-controls';
import { DEFAULT_CRON_FILTERS, activeCronFilterCount } from '../utils/cron-filters';
import type { CronFilters } from '../utils/cron-filters';

/**
 * The cron jobs toolbar's "Filters" button (reference 5.11): one workflow (checking another
 * replaces it) and metadata pairs.
 */
export function CronsFiltersButton({
  filters,
  onChange,
  workflows,
}: {
  filters: CronFilters;
  onChange: (update: (current: CronFilters) => CronFilters) => void;
  workflows: FilterOption[];
}) {
  const count = activeCronFilterCount(filters);
  return (
    <FiltersButton count={count}>
      <FilterPanel count={count} onClearAll={() => onChange(() => DEFAULT_CRON_FILTERS)}>
        <CheckboxListFilter
          title="Workflow"
          options={workflows}
          emptyText="No workflows registered yet."
          selected={filters.workflowId ? [filters.workflowId] : []}
          onChange={(selected) =>
            onChange((current) => ({
              ...current,
              workflowId: selected.find((id) => id !== current.workflowId) ?? '',
            }))
          }
        />
        <KeyValueFilter
          title="Metadata"
          entries={filters.metadata}
          onChange={(metadata) => onChange((current) => ({ ...current, metadata }))}
        />
      </FilterPanel>
    </FiltersButton>
  );
}
