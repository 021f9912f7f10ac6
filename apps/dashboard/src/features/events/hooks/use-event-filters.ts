import { useTableUrlState } from '@/hooks/use-table-url-state';
import type { TableUrlKeys } from '@/hooks/use-table-url-state';
import { EVENTS_FILTER_KEY, LIST_PAGINATION_KEY } from '@/config/screen-links';
import { parseEventFilters, serializeEventFilters } from '../utils/event-filters';
import type { EventFilters } from '../utils/event-filters';

const EVENTS_TABLE: TableUrlKeys<EventFilters> = {
  filterKey: EVENTS_FILTER_KEY,
  paginationKey: LIST_PAGINATION_KEY,
  parse: parseEventFilters,
  serialize: serializeEventFilters,
};

/** The events list's filters and page, kept in the URL. */
export function useEventFilters() {
  return useTableUrlState(EVENTS_TABLE);
}
