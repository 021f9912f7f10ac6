import type { Page } from '../read-models/run-list.queries';

/**
 * The `pagination` objects of lists. The reference computes them differently per list, and
 * clients page by what it sends, so each rule is kept as it is (rest-api.md §1.1).
 */

/** The v1 events list: 1-based; the next page stays the current one once nothing follows. */
export function eventListPagination({ offset, limit }: Page, total: number) {
  const current = Math.floor(offset / limit) + 1;
  return {
    current_page: current,
    next_page: total < offset + limit ? current : current + 1,
    num_pages: Math.ceil(total / limit),
  };
}

/** The v1 filters list: `current_page` is 0-based there. */
export function filterListPagination({ offset, limit }: Page, total: number) {
  const current = Math.floor(offset / limit);
  return { current_page: current, next_page: current + 1, num_pages: Math.ceil(total / limit) };
}

/** Lists of the older API: 1-based, the next page stays the current one on the last page. */
export function legacyListPagination({ offset, limit }: Page, total: number) {
  const numPages = Math.ceil(total / limit);
  const current = 1 + Math.ceil(offset / limit);
  return {
    current_page: current,
    next_page: current >= numPages ? current : current + 1,
    num_pages: numPages,
  };
}
