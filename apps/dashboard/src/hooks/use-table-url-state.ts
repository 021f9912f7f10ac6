import { useCallback } from 'react';
import type { NavigateOptions } from 'react-router';
import { DEFAULT_PAGE_SIZE, parsePagination, readJsonParam, withJsonParam } from '@/lib/url-state';
import type { PaginationState } from '@/lib/url-state';
import { useComposedSearchParams } from './use-composed-search-params';

export interface TableUrlKeys<F> {
  /** The query parameter holding the filters' JSON object. */
  filterKey: string;
  /** The query parameter holding `{i, s}`. */
  paginationKey: string;
  /** Reads the filters, falling back to defaults for anything missing or malformed. */
  parse: (value: unknown) => F;
  /** The URL object, or undefined when every filter is at its default (the key is dropped). */
  serialize: (filters: F) => Record<string, unknown> | undefined;
}

/**
 * A list's filters and page, read from and written to the URL, so a reload, the back button
 * and a shared link all show the same list. Changing a filter goes back to page 1.
 * `keys` must be a module-level constant: its functions are dependencies of the setters.
 */
export function useTableUrlState<F>(keys: TableUrlKeys<F>) {
  const { filterKey, paginationKey, parse, serialize } = keys;
  const [searchParams, setSearchParams] = useComposedSearchParams();
  const filters = parse(readJsonParam(searchParams, filterKey));
  const pagination = parsePagination(readJsonParam(searchParams, paginationKey));

  const setFilters = useCallback(
    (update: (current: F) => F, options?: NavigateOptions) =>
      setSearchParams((previous) => {
        const current = parse(readJsonParam(previous, filterKey));
        const next = withJsonParam(previous, filterKey, serialize(update(current)));
        return withJsonParam(next, paginationKey, undefined);
      }, options),
    [setSearchParams, parse, serialize, filterKey, paginationKey],
  );

  const setPagination = useCallback(
    (next: PaginationState) =>
      setSearchParams((previous) =>
        withJsonParam(
          previous,
          paginationKey,
          next.pageIndex === 0 && next.pageSize === DEFAULT_PAGE_SIZE
            ? undefined
            : { i: next.pageIndex, s: next.pageSize },
        ),
      ),
    [setSearchParams, paginationKey],
  );

  return { filters, setFilters, pagination, setPagination };
}
