/**
 * Runs pushed by the live stream (each message carries the changed runs as the runs list shows
 * them) go straight into the cached run lists, so a list shows a change as soon as the message
 * arrives instead of after its next refetch.
 *
 * A list's refetch may have read the database before a change it has already been patched
 * with; applied as it is, the response would put the older state back until the refetch after
 * it. So the rows received lately are kept for RECENT_ROWS_MS, and a response is merged with
 * those received after its request was sent (the request may have read before them).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ListResponse, V1TaskSummary } from '@/types/api';
import type { RunListQuery } from './list-runs';

/** Long enough to outlast any list request. */
export const RECENT_ROWS_MS = 30_000;

type RunsPage = ListResponse<V1TaskSummary>;

interface Received {
  row: V1TaskSummary;
  at: number;
}

/** Per tenant: run id → its last pushed row. */
const recentByTenant = new Map<string, Map<string, Received>>();

/** Rows of `page`, with `rows` put in: replacing the same runs, and new ones where they belong. */
export function mergeRunRows(
  page: RunsPage,
  query: RunListQuery,
  rows: readonly V1TaskSummary[],
): RunsPage {
  // Task rows (flattened lists) have another shape; they wait for their refetch.
  if (query.only_tasks || rows.length === 0) return page;
  const pushed = new Map(rows.map((row) => [row.metadata.id, row]));
  let changed = false;
  const merged: V1TaskSummary[] = [];
  for (const row of page.rows) {
    const update = pushed.get(row.metadata.id);
    if (!update) {
      merged.push(row);
      continue;
    }
    pushed.delete(row.metadata.id);
    changed = true;
    // A run that no longer matches (it left the status filtered on) leaves the page.
    if (matchesStatuses(update, query)) merged.push(update);
  }
  // New runs can only belong to the first page, which shows the newest.
  if ((query.offset ?? 0) === 0) {
    for (const row of pushed.values()) {
      if (!matchesQuery(row, query)) continue;
      const at = merged.findIndex((listed) => isNewer(row, listed));
      if (at < 0 && merged.length >= query.limit) continue;
      merged.splice(at < 0 ? merged.length : at, 0, row);
      changed = true;
    }
  }
  if (!changed) return page;
  return { ...page, rows: merged.slice(0, query.limit) };
}

/** Notes pushed rows and puts them into every cached run list of the tenant. */
export function receiveLiveRunRows(
  client: QueryClient,
  tenantId: string,
  listKey: readonly unknown[],
  rows: readonly V1TaskSummary[],
): void {
  const now = Date.now();
  let recent = recentByTenant.get(tenantId);
  if (!recent) {
    recent = new Map();
    recentByTenant.set(tenantId, recent);
  }
  for (const [id, { at }] of recent) {
    if (now - at > RECENT_ROWS_MS) recent.delete(id);
  }
  for (const row of rows) {
    recent.delete(row.metadata.id);
    recent.set(row.metadata.id, { row, at: now });
  }
  for (const query of client.getQueryCache().findAll({ queryKey: listKey })) {
    const listQuery = query.queryKey[listKey.length] as RunListQuery | undefined;
    if (!listQuery || query.state.data === undefined) continue;
    client.setQueryData<RunsPage>(query.queryKey, (page) =>
      page ? mergeRunRows(page, listQuery, rows) : page,
    );
  }
}

/** A list response with the rows pushed since its request was sent merged in. */
export function withRowsReceivedSince(
  tenantId: string,
  query: RunListQuery,
  page: RunsPage,
  requestedAt: number,
): RunsPage {
  const recent = recentByTenant.get(tenantId);
  if (!recent) return page;
  const later: V1TaskSummary[] = [];
  for (const { row, at } of recent.values()) if (at >= requestedAt) later.push(row);
  return mergeRunRows(page, query, later);
}

/** The list's order: newest first, then by id, as the server sorts. */
function isNewer(a: V1TaskSummary, b: V1TaskSummary): boolean {
  const byTime = Date.parse(a.createdAt) - Date.parse(b.createdAt);
  return byTime !== 0 ? byTime > 0 : a.metadata.id > b.metadata.id;
}

function matchesStatuses(row: V1TaskSummary, query: RunListQuery): boolean {
  return !query.statuses?.length || query.statuses.includes(row.status);
}

/**
 * Whether a run the list has not seen belongs in it, judged exactly as the server filters;
 * a filter the row cannot answer (the triggering event, the worker) keeps it out, to come
 * with the next refetch if it belongs.
 */
function matchesQuery(row: V1TaskSummary, query: RunListQuery): boolean {
  if (query.triggering_event_external_id || query.worker_id) return false;
  const created = Date.parse(row.createdAt);
  if (created < Date.parse(query.since)) return false;
  if (query.until && created > Date.parse(query.until)) return false;
  if (!matchesStatuses(row, query)) return false;
  if (query.workflow_ids?.length && !query.workflow_ids.includes(row.workflowId ?? '')) {
    return false;
  }
  if (query.parent_task_external_id && row.parentTaskExternalId !== query.parent_task_external_id) {
    return false;
  }
  if (query.additional_metadata?.length) {
    // `key:value` entries, any of which may match; the server's test is containment of
    // {key: value}, which holds for a string equal to the value.
    const metadata = (row.additionalMetadata ?? {}) as Record<string, unknown>;
    const matches = (entry: string) => {
      const colon = entry.indexOf(':');
      return metadata[entry.slice(0, colon)] === entry.slice(colon + 1);
    };
    if (!query.additional_metadata.some(matches)) return false;
  }
  return true;
}
