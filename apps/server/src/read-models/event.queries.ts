import type { Queryable } from '@trellis/db';
import { EVENT_LIST_CAP, type V1TaskStatus } from '@trellis/api-contract';
import { metadataContains, SqlParams } from './run-filter';
import type { Page } from './run-list.queries';

/** A run an event triggered, and the filter that let it through when one did. */
export interface TriggeredRunRow {
  runId: string;
  filterId: string | null;
  status: V1TaskStatus;
}

/** A filter whose expression failed on an event, as the engine recorded it. */
export interface CelFailureRow {
  filterId?: string;
  workflowId?: string;
  message: string;
}

export interface EventRow {
  id: string;
  key: string;
  payload: unknown;
  additionalMetadata: Record<string, unknown>;
  scope: string | null;
  triggeringWebhookName: string | null;
  replayedFromId: string | null;
  celFailures: CelFailureRow[] | null;
  createdAt: Date;
  /** Oldest first. */
  triggeredRuns: TriggeredRunRow[];
}

/**
 * What the events lists filter on. Every condition is on the event except the run ones: an
 * event matches those when one run it triggered is of one of `workflowIds` and has one of
 * `runStatuses` (both, when both are given).
 */
export interface EventFilter {
  tenantId: string;
  since?: Date | undefined;
  until?: Date | undefined;
  keys?: readonly string[] | undefined;
  /** Part of the key, case-insensitive. */
  keyContains?: string | undefined;
  scopes?: readonly string[] | undefined;
  eventIds?: readonly string[] | undefined;
  /** Every pair must be in the event's additional metadata. */
  additionalMetadata?: readonly { key: string; value: string }[] | undefined;
  workflowIds?: readonly string[] | undefined;
  /** Given but empty, no run matches (a status of the older API that runs never have). */
  runStatuses?: readonly V1TaskStatus[] | undefined;
}

export interface EventPage extends Page {
  /** By creation time: newest first (`desc`) or oldest first. */
  order: 'asc' | 'desc';
}

/** Conditions on the runs of a filter (alias `r`): none when it filters events alone. */
function runConditions(filter: EventFilter, params: SqlParams): string[] {
  const conditions: string[] = [];
  if (filter.workflowIds?.length)
    conditions.push(`r.workflow_id = ANY(${params.add(filter.workflowIds)}::uuid[])`);
  if (filter.runStatuses)
    conditions.push(`r.status = ANY(${params.add(filter.runStatuses)}::text[])`);
  return conditions;
}

/** Conditions on the event itself (alias `e`), the creation window left out. */
function eventConditions(filter: EventFilter, params: SqlParams): string[] {
  const conditions: string[] = [];
  if (filter.keys?.length) conditions.push(`e.key = ANY(${params.add(filter.keys)}::text[])`);
  if (filter.keyContains) {
    conditions.push(`strpos(lower(e.key), lower(${params.add(filter.keyContains)})) > 0`);
  }
  if (filter.scopes?.length) conditions.push(`e.scope = ANY(${params.add(filter.scopes)}::text[])`);
  if (filter.eventIds?.length)
    conditions.push(`e.id = ANY(${params.add(filter.eventIds)}::uuid[])`);
  // One containment test per pair, which events_metadata_idx answers.
  for (const pair of filter.additionalMetadata ?? []) {
    conditions.push(metadataContains('e.additional_metadata', pair, params));
  }
  return conditions;
}

function windowConditions(alias: string, filter: EventFilter, params: SqlParams): string[] {
  const conditions = [`${alias}.tenant_id = ${params.add(filter.tenantId)}`];
  if (filter.since) conditions.push(`${alias}.created_at >= ${params.add(filter.since)}`);
  if (filter.until) conditions.push(`${alias}.created_at <= ${params.add(filter.until)}`);
  return conditions;
}

/**
 * The matching events' ids and creation times, in list order, unbounded (callers page or cap
 * it). Filters on events alone walk the events indexes. Filters on the runs an event triggered
 * walk those runs instead, newest first, through workflow_runs_event_time_idx: the engine
 * stamps an event and its runs with the same time (one tick writes them), so runs in time
 * order are their events in list order, and a page or a capped count stops as soon as it has
 * enough distinct events rather than probing every event of the window for a matching run.
 */
export function matchingEvents(
  filter: EventFilter,
  params: SqlParams,
  direction: 'ASC' | 'DESC',
): string {
  const onRuns = runConditions(filter, params);
  if (onRuns.length === 0) {
    const where = [...windowConditions('e', filter, params), ...eventConditions(filter, params)];
    return `SELECT e.id, e.created_at FROM events e WHERE ${where.join(' AND ')}
            ORDER BY e.created_at ${direction}, e.id ${direction}`;
  }
  const onEvents = eventConditions(filter, params);
  const where = [
    ...windowConditions('r', filter, params),
    'r.triggering_event_id IS NOT NULL',
    ...onRuns,
    ...(onEvents.length > 0
      ? [
          `EXISTS (SELECT 1 FROM events e WHERE e.tenant_id = r.tenant_id
             AND e.id = r.triggering_event_id AND ${onEvents.join(' AND ')})`,
        ]
      : []),
  ];
  return `SELECT DISTINCT ON (r.created_at, r.triggering_event_id)
                 r.triggering_event_id AS id, r.created_at
            FROM workflow_runs r WHERE ${where.join(' AND ')}
           ORDER BY r.created_at ${direction}, r.triggering_event_id ${direction}`;
}

/**
 * An event's columns (alias `e`) with the runs it triggered, read through
 * workflow_runs_event_idx for just the events selected.
 */
export const EVENT_SELECT = `SELECT e.id, e.key, e.payload, e.additional_metadata AS "additionalMetadata", e.scope,
    e.triggering_webhook_name AS "triggeringWebhookName", e.replayed_from_id AS "replayedFromId",
    e.cel_failures AS "celFailures", e.created_at AS "createdAt",
    COALESCE(triggered.runs, '[]') AS "triggeredRuns"`;
export const TRIGGERED_RUNS_JOIN = `LEFT JOIN LATERAL (
    SELECT json_agg(json_build_object('runId', r.id, 'filterId', r.triggering_filter_id, 'status', r.status)
                    ORDER BY r.created_at, r.id) AS runs
    FROM workflow_runs r WHERE r.tenant_id = e.tenant_id AND r.triggering_event_id = e.id) triggered ON true`;

/**
 * A page of events and how many match, counting no further than EVENT_LIST_CAP. The page's
 * ids are read first in index order (a deep offset skips index entries, not rows), then the
 * rows and their runs for those ids alone.
 */
export async function listEvents(
  db: Queryable,
  filter: EventFilter,
  page: EventPage,
): Promise<{ rows: EventRow[]; total: number }> {
  const params = new SqlParams();
  const direction = page.order === 'asc' ? 'ASC' : 'DESC';
  const matching = matchingEvents(filter, params, direction);
  const [{ rows }, { rows: counted }] = await Promise.all([
    db.query<EventRow>(
      `WITH page AS MATERIALIZED (${matching} LIMIT ${page.limit} OFFSET ${page.offset})
       ${EVENT_SELECT}
       FROM page JOIN events e ON e.id = page.id ${TRIGGERED_RUNS_JOIN}
       ORDER BY page.created_at ${direction}, page.id ${direction}`,
      params.values,
    ),
    db.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM (${matching} LIMIT ${EVENT_LIST_CAP}) capped`,
      params.values,
    ),
  ]);
  return { rows, total: counted[0]!.total };
}

/** Some events of a tenant, in the order of `ids`; ids of no event of the tenant are skipped. */
export async function findEvents(
  db: Queryable,
  tenantId: string,
  ids: readonly string[],
): Promise<EventRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<EventRow>(
    `${EVENT_SELECT} FROM events e ${TRIGGERED_RUNS_JOIN}
     WHERE e.tenant_id = $1 AND e.id = ANY($2::uuid[])`,
    [tenantId, ids],
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function findEvent(
  db: Queryable,
  tenantId: string,
  id: string,
): Promise<EventRow | undefined> {
  return (await findEvents(db, tenantId, [id]))[0];
}

/** The distinct keys listed at most: they fill a filter's choices, not a page. */
const MAX_EVENT_KEYS = 1000;

/**
 * A tenant's distinct event keys in order, at most MAX_EVENT_KEYS. Each step jumps to the next
 * key in events_key_idx (a loose index scan), so the cost follows the number of keys, not of
 * events.
 */
export async function listEventKeys(db: Queryable, tenantId: string): Promise<string[]> {
  const { rows } = await db.query<{ key: string }>(
    `WITH RECURSIVE distinct_keys(key) AS (
       (SELECT key FROM events WHERE tenant_id = $1 ORDER BY key LIMIT 1)
       UNION ALL
       SELECT (SELECT e.key FROM events e WHERE e.tenant_id = $1 AND e.key > d.key
               ORDER BY e.key LIMIT 1)
       FROM distinct_keys d WHERE d.key IS NOT NULL)
     SELECT key FROM distinct_keys WHERE key IS NOT NULL LIMIT ${MAX_EVENT_KEYS}`,
    [tenantId],
  );
  return rows.map((row) => row.key);
}
