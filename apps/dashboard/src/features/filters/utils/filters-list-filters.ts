/**
 * The filters list's own filters and how they live in the URL (reference dashboard 5.7):
 * `filters-table` = `{w: workflow ids, s: scopes}`, the page under `pagination-table`.
 */
import { asObject, stringList } from '@/lib/url-state';

export interface FiltersListFilters {
  workflowIds: string[];
  scopes: string[];
}

export const DEFAULT_FILTERS_LIST_FILTERS: FiltersListFilters = { workflowIds: [], scopes: [] };

export function parseFiltersListFilters(value: unknown): FiltersListFilters {
  const object = asObject(value);
  return { workflowIds: stringList(object.w), scopes: stringList(object.s) };
}

export function serializeFiltersListFilters(
  filters: FiltersListFilters,
): Record<string, unknown> | undefined {
  const object: Record<string, unknown> = {};
  if (filters.workflowIds.length > 0) object.w = filters.workflowIds;
  if (filters.scopes.length > 0) object.s = filters.scopes;
  return Object.keys(object).length > 0 ? object : undefined;
}

export function activeFiltersListFilterCount(filters: FiltersListFilters): number {
  return [filters.workflowIds, filters.scopes].filter((list) => list.length > 0).length;
}

/** The query of GET /stable/tenants/{tenant}/filters for a page of the list. */
export function filterListQuery(
  filters: FiltersListFilters,
  page: { offset: number; limit: number },
) {
  return {
    offset: page.offset,
    limit: page.limit,
    workflowIds: filters.workflowIds.length > 0 ? filters.workflowIds : undefined,
    scopes: filters.scopes.length > 0 ? filters.scopes : undefined,
  };
}

export type FilterListQuery = ReturnType<typeof filterListQuery>;
