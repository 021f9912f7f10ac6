/**
 * The scheduled runs list filters and how they live in the URL (reference dashboard 5.10):
 * `scheduled-runs-table` = `{w: one workflow id, s: statuses, m: key:value metadata}`, the
 * page under `pagination-table`. Statuses are the scheduled-run vocabulary the endpoint
 * takes (SCHEDULED, PENDING, ... SUCCEEDED), not the v1 run statuses.
 */
import { metadataEntries } from '@/lib/metadata-filter';
import { SCHEDULED_RUN_STATUSES } from '@/lib/status';
import { asObject, singleString, stringList } from '@/lib/url-state';
import type { ScheduledRunStatus } from '@/types/api';

export interface ScheduledRunFilters {
  /** One workflow, or '' for all. */
  workflowId: string;
  /** Empty for any status. */
  statuses: ScheduledRunStatus[];
  /** `key:value` entries. */
  metadata: string[];
}

export const DEFAULT_SCHEDULED_RUN_FILTERS: ScheduledRunFilters = {
  workflowId: '',
  statuses: [],
  metadata: [],
};

export function parseScheduledRunFilters(value: unknown): ScheduledRunFilters {
  const object = asObject(value);
  const statuses = stringList(object.s);
  return {
    workflowId: singleString(object.w),
    statuses: SCHEDULED_RUN_STATUSES.filter((status) => statuses.includes(status)),
    metadata: metadataEntries(object.m),
  };
}

export function serializeScheduledRunFilters(
  filters: ScheduledRunFilters,
): Record<string, unknown> | undefined {
  const object: Record<string, unknown> = {};
  if (filters.workflowId) object.w = filters.workflowId;
  if (filters.statuses.length > 0) object.s = filters.statuses;
  if (filters.metadata.length > 0) object.m = filters.metadata;
  return Object.keys(object).length > 0 ? object : undefined;
}

export function activeScheduledRunFilterCount(filters: ScheduledRunFilters): number {
  return [filters.workflowId, filters.statuses, filters.metadata].filter(
    (value) => value.length > 0,
  ).length;
}

/** Which scheduled runs the filters select, as the list query and the bulk delete take it. */
export function scheduledRunScope(filters: ScheduledRunFilters) {
  return {
    workflowId: filters.workflowId || undefined,
    statuses: filters.statuses.length > 0 ? filters.statuses : undefined,
    additionalMetadata: filters.metadata.length > 0 ? filters.metadata : undefined,
  };
}

/**
 * The query of GET /tenants/{tenant}/workflows/scheduled for a page of the list: latest
 * trigger time first, as the reference orders it.
 */
export function scheduledRunListQuery(
  filters: ScheduledRunFilters,
  page: { offset: number; limit: number },
  order: { field: 'triggerAt' | 'createdAt'; direction: 'ASC' | 'DESC' } = {
    field: 'triggerAt',
    direction: 'DESC',
  },
) {
  return {
    offset: page.offset,
    limit: page.limit,
    ...scheduledRunScope(filters),
    orderByField: order.field,
    orderByDirection: order.direction,
  };
}

export type ScheduledRunListQuery = ReturnType<typeof scheduledRunListQuery>;
