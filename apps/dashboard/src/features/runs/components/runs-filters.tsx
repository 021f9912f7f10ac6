import { Suspense, lazy } from 'react';
import { FiltersButton } from '@/components/ui/filters-button';
import { Spinner } from '@/components/ui/spinner';
import { activeFilterCount } from '../utils/run-filters';
import type { RunsFilterPanelProps } from './runs-filter-panel';

// The panel and the filter controls are not on the list's first screen: they download as
// the pointer or the focus reaches the Filters button, and are there by the time it opens.
const loadPanel = () => import('./runs-filter-panel');
const RunsFilterPanel = lazy(loadPanel);
const preloadPanel = () => void loadPanel();

/** The "Filters" button of the runs toolbar and its panel. */
export function RunsFiltersButton(props: RunsFilterPanelProps) {
  return (
    <FiltersButton count={activeFilterCount(props.filters)} preload={preloadPanel}>
      <Suspense fallback={<Spinner />}>
        <RunsFilterPanel {...props} />
      </Suspense>
    </FiltersButton>
  );
}
