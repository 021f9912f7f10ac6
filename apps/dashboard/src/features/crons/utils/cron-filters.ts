/**
 * The cron jobs list filters and how they live in the URL (reference dashboard 5.11):
 * `crons-table` = `{w: one workflow id, m: key:value metadata}`, the page under
 * `pagination-table`. Malformed values fall back to the defaults.
 */
import { metadataEntries } from '@/lib/metadata-filter';
import { asObject, singleString } from '@/lib/url-state';

export interface CronFilters {
  /** One workflow, or '' for all (the Workflow filter is a single choice). */
  workflowId: string;
  /** `key:value` entries. */
  metadata: string[];
}

export const DEFAULT_CRON_FILTERS: CronFilters = { workflowId: '', metadata: [] };

export function parseCronFilters(value: unknown): CronFilters {
  const object = asObject(value);
  return { workflowId: singleString(object.w), metadata: metadataEntries(object.m) };
}

export function serializeCronFilters(filters: CronFilters): Record<string, unknown> | undefined {
  const object: Record<string, unknown> = {};
  if (filters.workflowId) object.w = filters.workflowId;
  if (filters.metadata.length > 0) object.m = filters.metadata;
  return Object.keys(object).length > 0 ? object : undefined;
}

export function activeCronFilterCount(filters: CronFilters): number {
  return (filters.workflowId ? 1 : 0) + (filters.metadata.length > 0 ? 1 : 0);
}

/** The query of GET /tenants/{tenant}/workflows/crons for a page of the list, newest first. */
export function cronListQuery(filters: CronFilters, page: { offset: number; limit: number }) {
  return {
    offset: page.offset,
    limit: page.limit,
    workflowId: filters.workflowId || undefined,
    additionalMetadata: filters.metadata.length > 0 ? filters.metadata : undefined,
    orderByField: 'createdAt' as const,
    orderByDirection: 'DESC' as const,
  };
}

export type CronListQuery = ReturnType<typeof cronListQuery>;
