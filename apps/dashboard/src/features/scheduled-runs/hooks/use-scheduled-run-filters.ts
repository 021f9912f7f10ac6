import { LIST_PAGINATION_KEY, SCHEDULED_RUNS_FILTER_KEY } from '@/config/screen-links';
import { useTableUrlState } from '@/hooks/use-table-url-state';
import type { TableUrlKeys } from '@/hooks/use-table-url-state';
import {
  parseScheduledRunFilters,
  serializeScheduledRunFilters,
} from '../utils/scheduled-run-filters';
import type { ScheduledRunFilters } from '../utils/scheduled-run-filters';

const SCHEDULED_RUNS_TABLE: TableUrlKeys<ScheduledRunFilters> = {
  filterKey: SCHEDULED_RUNS_FILTER_KEY,
  paginationKey: LIST_PAGINATION_KEY,
  parse: parseScheduledRunFilters,
  serialize: serializeScheduledRunFilters,
};

/** The scheduled runs list's workflow, status and metadata filters and its page, in the URL. */
export function useScheduledRunFilters() {
  return useTableUrlState(SCHEDULED_RUNS_TABLE);
}
