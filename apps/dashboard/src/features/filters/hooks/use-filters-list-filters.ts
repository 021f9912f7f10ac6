import { FILTERS_FILTER_KEY, LIST_PAGINATION_KEY } from '@/config/screen-links';
import { useTableUrlState } from '@/hooks/use-table-url-state';
import type { TableUrlKeys } from '@/hooks/use-table-url-state';
import {
  parseFiltersListFilters,
  serializeFiltersListFilters,
} from '../utils/filters-list-filters';
import type { FiltersListFilters } from '../utils/filters-list-filters';

const FILTERS_TABLE: TableUrlKeys<FiltersListFilters> = {
  filterKey: FILTERS_FILTER_KEY,
  paginationKey: LIST_PAGINATION_KEY,
  parse: parseFiltersListFilters,
  serialize: serializeFiltersListFilters,
};

/** The filters list's workflow and scope filters and its page, kept in the URL. */
export function useFiltersListFilters() {
  return useTableUrlState(FILTERS_TABLE);
}
