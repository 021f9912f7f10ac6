/**
 * The runs list filters and how they live in the URL (reference dashboard 5.1): one JSON
 * object under `workflow-runs-main-workflow-runs-filters` with short keys
 * `{tw, ctr, s, u, st, w, m, f}`, and the page under `pagination-runs-table-workflow-runs-main`.
 * Unknown or malformed values fall back to the defaults, so any old link still opens.
 */
import { metadataEntries } from '@/lib/metadata-filter';
import { RUN_STATUSES } from '@/lib/status';
import { asObject, stringList } from '@/lib/url-state';
import type { V1TaskStatus } from '@/types/api';

export const RUNS_FILTER_KEY = 'workflow-runs-main-workflow-runs-filters';
export const RUNS_PAGINATION_KEY = 'pagination-runs-table-workflow-runs-main';
/** The runs list's hidden columns, when a link or a saved view sets them. */
export const RUNS_COLUMNS_KEY = 'runs-columns';

export const TIME_WINDOWS = [
  { key: '1h', label: '1 hour', ms: 3_600_000 },
  { key: '6h', label: '6 hours', ms: 6 * 3_600_000 },
  { key: '1d', label: '1 day', ms: 24 * 3_600_000 },
  { key: '7d', label: '7 days', ms: 7 * 24 * 3_600_000 },
] as const;
export type TimeWindow = (typeof TIME_WINDOWS)[number]['key'];
export const DEFAULT_TIME_WINDOW: TimeWindow = '1d';

export interface RunFilters {
  timeWindow: TimeWindow;
  /** A custom After/Before range instead of the preset window. */
  customRange: boolean;
  /** ISO date-times of the custom range. */
  since?: string;
  until?: string;
  /** Empty means every status. */
  statuses: V1TaskStatus[];
  workflowIds: string[];
  /** `key:value` entries. */
  metadata: string[];
  /** Task rows only, no DAG grouping. */
  flatten: boolean;
}

export const DEFAULT_RUN_FILTERS: RunFilters = {
  timeWindow: DEFAULT_TIME_WINDOW,
  customRange: false,
  statuses: [],
  workflowIds: [],
  metadata: [],
  flatten: false,
};

const isIsoDate = (value: unknown): value is string =>
  typeof value === 'string' && !Number.isNaN(Date.parse(value));

export function parseRunFilters(value: unknown): RunFilters {
  const object = asObject(value);
  const timeWindow = TIME_WINDOWS.some((entry) => entry.key === object.tw)
    ? (object.tw as TimeWindow)
    : DEFAULT_TIME_WINDOW;
  const since = isIsoDate(object.s) ? object.s : undefined;
  const until = isIsoDate(object.u) ? object.u : undefined;
  const statuses = RUN_STATUSES.filter((status) => stringList(object.st).includes(status));
  return {
    timeWindow,
    customRange: object.ctr === true && since !== undefined,
    ...(since ? { since } : {}),
    ...(until ? { until } : {}),
    statuses: statuses.length === RUN_STATUSES.length ? [] : statuses,
    workflowIds: stringList(object.w),
    metadata: metadataEntries(object.m),
    flatten: object.f === true,
  };
}

/** The URL object, or undefined when every filter is at its default (the key is dropped). */
export function serializeRunFilters(filters: RunFilters): Record<string, unknown> | undefined {
  const object: Record<string, unknown> = {};
  if (filters.timeWindow !== DEFAULT_TIME_WINDOW) object.tw = filters.timeWindow;
  if (filters.customRange) {
    object.ctr = true;
    if (filters.since) object.s = filters.since;
    if (filters.until) object.u = filters.until;
  }
  if (filters.statuses.length > 0) object.st = filters.statuses;
  if (filters.workflowIds.length > 0) object.w = filters.workflowIds;
  if (filters.metadata.length > 0) object.m = filters.metadata;
  if (filters.flatten) object.f = true;
  return Object.keys(object).length > 0 ? object : undefined;
}

/** How many filters differ from the defaults (the badge on the Filters button). */
export function activeFilterCount(filters: RunFilters): number {
  return [
    filters.customRange || filters.timeWindow !== DEFAULT_TIME_WINDOW,
    filters.statuses.length > 0,
    filters.workflowIds.length > 0,
    filters.metadata.length > 0,
    filters.flatten,
  ].filter(Boolean).length;
}

const MINUTE = 60_000;

/**
 * The creation window the filters select. A preset window ends "now", rounded down to the
 * minute, so queries keep the same key (and cache) within a minute and move on after it.
 */
export function resolveTimeRange(
  filters: Pick<RunFilters, 'timeWindow' | 'customRange' | 'since' | 'until'>,
  now: number,
): { since: string; until?: string } {
  if (filters.customRange && filters.since) {
    return { since: filters.since, ...(filters.until ? { until: filters.until } : {}) };
  }
  const windowMs =
    TIME_WINDOWS.find((entry) => entry.key === filters.timeWindow)?.ms ?? TIME_WINDOWS[2].ms;
  const end = Math.floor(now / MINUTE) * MINUTE;
  return { since: new Date(end - windowMs).toISOString() };
}

/**
 * A click on a status count badge: with every status shown, the clicked one becomes the
 * only one; a selected one is removed (the last one removed shows every status again); an
 * unselected one is added. Empty means every status.
 */
export function toggleStatus(selected: readonly V1TaskStatus[], status: V1TaskStatus) {
  const all = selected.length === 0 || selected.length === RUN_STATUSES.length;
  if (all) return [status];
  const next = selected.includes(status)
    ? selected.filter((entry) => entry !== status)
    : [...selected, status];
  return next.length === RUN_STATUSES.length ? [] : next;
}

/**
 * The query of GET /stable/tenants/{tenant}/workflow-runs for a page of the list. Task rows
 * (`only_tasks`) when flattening; statuses omitted when all are shown.
 */
export function runListQuery(
  filters: RunFilters,
  range: { since: string; until?: string },
  page: { offset: number; limit: number },
) {
  return {
    since: range.since,
    until: range.until,
    only_tasks: filters.flatten,
    offset: page.offset,
    limit: page.limit,
    statuses: filters.statuses.length > 0 ? filters.statuses : undefined,
    workflow_ids: filters.workflowIds.length > 0 ? filters.workflowIds : undefined,
    additional_metadata: filters.metadata.length > 0 ? filters.metadata : undefined,
    include_payloads: false,
  };
}

/** The `filter` body of tasks/cancel and tasks/replay "everything matching". */
export function taskFilterBody(filters: RunFilters, range: { since: string; until?: string }) {
  return {
    since: range.since,
    ...(range.until ? { until: range.until } : {}),
    ...(filters.statuses.length > 0 ? { statuses: filters.statuses } : {}),
    ...(filters.workflowIds.length > 0 ? { workflowIds: filters.workflowIds } : {}),
    ...(filters.metadata.length > 0 ? { additionalMetadata: filters.metadata } : {}),
  };
}
