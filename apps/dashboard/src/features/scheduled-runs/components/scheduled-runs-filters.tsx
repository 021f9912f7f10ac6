import {
  CheckboxListFilter,
  FilterPanel,
  FiltersButton,
  KeyValueFilter,
} from '@/components/ui/filter-controls';
import type { FilterOption } from '@/components/ui/filter-controls';
import { SCHEDULED_RUN_STATUSES, scheduledRunStatusStyle } from '@/lib/status';
import {
  DEFAULT_SCHEDULED_RUN_FILTERS,
  activeScheduledRunFilterCount,
} from '../utils/scheduled-run-filters';
import type { ScheduledRunFilters } from '../utils/scheduled-run-filters';

const STATUS_OPTIONS: FilterOption[] = SCHEDULED_RUN_STATUSES.map((status) => ({
  value: status,
  label: scheduledRunStatusStyle(status).label,
}));

export interface ScheduledRunsFilterPanelProps {
  filters: ScheduledRunFilters;
  onChange: (update: (current: ScheduledRunFilters) => ScheduledRunFilters) => void;
  workflows: FilterOption[];
}

/**
 * The scheduled runs filters (reference 5.10): one workflow (checking another replaces it),
 * statuses in the scheduled-run vocabulary, metadata pairs. Also shown in the bulk delete
 * dialog, so the filter being deleted by can be adjusted there.
 */
export function ScheduledRunsFilterPanel({
  filters,
  onChange,
  workflows,
}: ScheduledRunsFilterPanelProps) {
  const count = activeScheduledRunFilterCount(filters);
  return (
    <FilterPanel count={count} onClearAll={() => onChange(() => DEFAULT_SCHEDULED_RUN_FILTERS)}>
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
      <CheckboxListFilter
        title="Status"
        className="grid-cols-2"
        options={STATUS_OPTIONS}
        selected={filters.statuses}
        onChange={(selected) =>
          onChange((current) => ({
            ...current,
            statuses: SCHEDULED_RUN_STATUSES.filter((status) => selected.includes(status)),
          }))
        }
      />
      <KeyValueFilter
        title="Metadata"
        entries={filters.metadata}
        onChange={(metadata) => onChange((current) => ({ ...current, metadata }))}
      />
    </FilterPanel>
  );
}

/** The toolbar's "Filters" button with the panel above. */
export function ScheduledRunsFiltersButton(props: ScheduledRunsFilterPanelProps) {
  return (
    <FiltersButton count={activeScheduledRunFilterCount(props.filters)}>
      <ScheduledRunsFilterPanel {...props} />
    </FiltersButton>
  );
}
