import { CRONS_FILTER_KEY, LIST_PAGINATION_KEY } from '@/config/screen-links';
import { useTableUrlState } from '@/hooks/use-table-url-state';
import type { TableUrlKeys } from '@/hooks/use-table-url-state';
import { parseCronFilters, serializeCronFilters } from '../utils/cron-filters';
import type { CronFilters } from '../utils/cron-filters';

const CRONS_TABLE: TableUrlKeys<CronFilters> = {
  filterKey: CRONS_FILTER_KEY,
  paginationKey: LIST_PAGINATION_KEY,
  parse: parseCronFilters,
  serialize: serializeCronFilters,
};

/** The cron jobs list's workflow and metadata filters and its page, kept in the URL. */
export function useCronFilters() {
  return useTableUrlState(CRONS_TABLE);
}
