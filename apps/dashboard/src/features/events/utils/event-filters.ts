/**
 * The events list filters and how they live in the URL (reference dashboard 5.6): one JSON
 * object under `events-table` with short keys `{k, w, s, st, m, i}` (keys, workflows, scopes,
 * run statuses, metadata, event ids) and the page under `pagination-table`. Unknown or
 * malformed values fall back to the defaults, so any old link still opens.
 */
import { metadataEntries } from '@/lib/metadata-filter';
import { RUN_STATUSES } from '@/lib/status';
import { asObject, stringList } from '@/lib/url-state';
import type { V1TaskStatus } from '@/types/api';

/** The events list's hidden columns, when a link or a saved view sets them. */
export const EVENTS_COLUMNS_KEY = 'events-columns';

export interface EventFilters {
  keys: string[];
  /** Events that triggered runs of these workflows. */
  workflowIds: string[];
  scopes: string[];
  /** Events whose triggered runs have one of these statuses; empty for any. */
  statuses: V1TaskStatus[];
  /** `key:value` entries. */
  metadata: string[];
  eventIds: string[];
}

export const DEFAULT_EVENT_FILTERS: EventFilters = {
  keys: [],
  workflowIds: [],
  scopes: [],
  statuses: [],
  metadata: [],
  eventIds: [],
};

/** The short URL key of each filter. */
const URL_KEYS = {
  keys: 'k',
  workflowIds: 'w',
  scopes: 's',
  statuses: 'st',
  metadata: 'm',
  eventIds: 'i',
} as const satisfies Record<keyof EventFilters, string>;

export function parseEventFilters(value: unknown): EventFilters {
  const object = asObject(value);
  const statuses = stringList(object[URL_KEYS.statuses]);
  return {
    keys: stringList(object[URL_KEYS.keys]),
    workflowIds: stringList(object[URL_KEYS.workflowIds]),
    scopes: stringList(object[URL_KEYS.scopes]),
    statuses: RUN_STATUSES.filter((status) => statuses.includes(status)),
    metadata: metadataEntries(object[URL_KEYS.metadata]),
    eventIds: stringList(object[URL_KEYS.eventIds]),
  };
}

/** The URL object, or undefined when nothing is filtered (the key is dropped). */
export function serializeEventFilters(filters: EventFilters): Record<string, unknown> | undefined {
  const entries = (Object.keys(URL_KEYS) as (keyof EventFilters)[])
    .filter((name) => filters[name].length > 0)
    .map((name) => [URL_KEYS[name], filters[name]]);
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/** How many filters are set (the badge on the Filters button). */
export function activeEventFilterCount(filters: EventFilters): number {
  return (Object.keys(URL_KEYS) as (keyof EventFilters)[]).filter(
    (name) => filters[name].length > 0,
  ).length;
}

/**
 * The query of GET /stable/tenants/{tenant}/events for a page of the list: every event, newest
 * first (no time window, as the reference lists them).
 */
export function eventListQuery(filters: EventFilters, page: { offset: number; limit: number }) {
  const list = <T>(values: readonly T[]) => (values.length > 0 ? values : undefined);
  return {
    offset: page.offset,
    limit: page.limit,
    keys: list(filters.keys),
    workflowIds: list(filters.workflowIds),
    workflowRunStatuses: list(filters.statuses),
    eventIds: list(filters.eventIds),
    additionalMetadata: list(filters.metadata),
    scopes: list(filters.scopes),
  };
}

export type EventListQuery = ReturnType<typeof eventListQuery>;
