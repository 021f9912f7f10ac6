import { useId } from 'react';
import {
  CheckboxListFilter,
  FilterPanel,
  FilterSection,
  KeyValueFilter,
  checkboxClasses,
} from '@/components/ui/filter-controls';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { TimeZoneNote } from '@/components/ui/time-zone-note';
import { useTimeZone } from '@/hooks/use-time-zone';
import { fromLocalInput, toLocalInput } from '@/lib/local-datetime';
import { RUN_STATUSES, runStatusStyle } from '@/lib/status';
import type { Workflow } from '@/types/api';
import { DEFAULT_RUN_FILTERS, TIME_WINDOWS, activeFilterCount } from '../utils/run-filters';
import type { RunFilters, TimeWindow } from '../utils/run-filters';

export interface RunsFilterPanelProps {
  filters: RunFilters;
  onChange: (update: (current: RunFilters) => RunFilters) => void;
  workflows: Workflow[];
  /** The window the list shows now, to start a custom range from. */
  currentRange: { since: string; until?: string };
  /** Hide the time range (the bulk dialog keeps its own). */
  hideTime?: boolean;
  /** Hide the Workflow filter (a list of one workflow's runs). */
  hideWorkflows?: boolean;
  /** Hide Flatten DAGs (a list of task rows only). */
  hideFlatten?: boolean;
}

/**
 * Every filter of the runs list: time range (preset or custom), workflow, status, metadata
 * key:value and flatten DAGs. Also shown inside the bulk-action dialog, so the scope of
 * "every matching run" can be adjusted right there. Its own chunk: the runs toolbar loads it
 * as its Filters button is reached for (./runs-filters.tsx).
 */
export default function RunsFilterPanel({
  filters,
  onChange,
  workflows,
  currentRange,
  hideTime = false,
  hideWorkflows = false,
  hideFlatten = false,
}: RunsFilterPanelProps) {
  return (
    <FilterPanel
      count={activeFilterCount(filters)}
      onClearAll={() => onChange(() => DEFAULT_RUN_FILTERS)}
    >
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
      {hideWorkflows ? null : (
        <CheckboxListFilter
          title="Workflow"
          options={workflows.map((workflow) => ({
            value: workflow.metadata.id,
            label: workflow.name,
          }))}
          emptyText="No workflows registered yet."
          selected={filters.workflowIds}
          onChange={(workflowIds) => onChange((current) => ({ ...current, workflowIds }))}
        />
      )}
      <CheckboxListFilter
        title="Status"
        className="grid-cols-2"
        options={RUN_STATUSES.map((status) => ({
          value: status,
          label: runStatusStyle(status).label,
        }))}
        selected={filters.statuses}
        onChange={(selected) =>
          onChange((current) => {
            const statuses = RUN_STATUSES.filter((status) => selected.includes(status));
            return {
              ...current,
              statuses: statuses.length === RUN_STATUSES.length ? [] : statuses,
            };
          })
        }
      />
      <KeyValueFilter
        title="Metadata"
        entries={filters.metadata}
        onChange={(metadata) => onChange((current) => ({ ...current, metadata }))}
      />
      {hideFlatten ? null : (
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
      )}
    </FilterPanel>
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
  const timeZone = useTimeZone();
  const zoneNoteId = useId();
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
              value={toLocalInput(filters.since, timeZone)}
              aria-describedby={zoneNoteId}
              onChange={(event) => {
                const since = fromLocalInput(event.target.value, timeZone);
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
              value={toLocalInput(filters.until, timeZone)}
              aria-describedby={zoneNoteId}
              onChange={(event) => {
                const until = fromLocalInput(event.target.value, timeZone);
                onChange((current) => ({ ...current, until }));
              }}
              className="h-8 px-2 text-xs"
            />
          </label>
          <p id={zoneNoteId} className="col-span-2 text-xs text-muted-foreground">
            <TimeZoneNote />
          </p>
        </div>
      ) : null}
    </div>
  );
}
