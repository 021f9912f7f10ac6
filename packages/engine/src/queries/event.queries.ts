import type { Queryable } from '@trellis/db';
import type { FilterFailure } from '../event-routes';
import type { Write } from './combined-writes';

export interface NewEventRow {
  id: string;
  tenantId: string;
  key: string;
  payload: unknown;
  additionalMetadata: Record<string, unknown>;
  scope: string | null;
  priority: number | null;
  /** When the client says the event happened; the tick's time when it does not. */
  eventTimestamp: Date | null;
  triggeringWebhookName: string | null;
  replayedFromId: string | null;
  celFailures: FilterFailure[] | null;
}

/**
 * Stamped with the tick's time, as the runs they trigger are in the same tick: an event and its
 * runs share one creation time (the events list bounds runs by it).
 */
export function eventsInsert(events: readonly NewEventRow[], createdAt: Date): Write {
  return {
    text: (first) =>
      `INSERT INTO events
       (id, tenant_id, key, payload, additional_metadata, scope, priority, event_timestamp,
        triggering_webhook_name, replayed_from_id, cel_failures, created_at)
     SELECT e.id, e."tenantId", e.key, e.payload, e."additionalMetadata", e.scope, e.priority,
            e."eventTimestamp", e."triggeringWebhookName", e."replayedFromId", e."celFailures",
            $${first + 1}::timestamptz
       FROM jsonb_to_recordset($${first}::jsonb) AS e(
         id uuid, "tenantId" uuid, key text, payload jsonb, "additionalMetadata" jsonb, scope text,
         priority int, "eventTimestamp" timestamptz, "triggeringWebhookName" text,
         "replayedFromId" uuid, "celFailures" jsonb)`,
    params: [JSON.stringify(events), createdAt],
  };
}

export interface StoredEventRow {
  id: string;
  key: string;
  payload: unknown;
  additionalMetadata: Record<string, unknown>;
  scope: string | null;
  priority: number | null;
}

/** These events of the tenant, in the order of `ids` (unknown ids are left out). */
export async function findEvents(
  db: Queryable,
  tenantId: string,
  ids: readonly string[],
): Promise<StoredEventRow[]> {
  const { rows } = await db.query<StoredEventRow>(
    `SELECT e.id, e.key, e.payload, e.additional_metadata AS "additionalMetadata", e.scope,
            e.priority
       FROM unnest($2::uuid[]) WITH ORDINALITY AS x(id, n)
       JOIN events e ON e.id = x.id AND e.tenant_id = $1
      ORDER BY x.n`,
    [tenantId, ids],
  );
  return rows;
}

/** The runs these events triggered that have not finished. */
export async function findUnfinishedEventRuns(
  db: Queryable,
  tenantId: string,
  eventIds: readonly string[],
): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM workflow_runs
      WHERE tenant_id = $1 AND triggering_event_id = ANY($2::uuid[])
        AND status IN ('QUEUED', 'RUNNING')`,
    [tenantId, eventIds],
  );
  return rows.map((row) => row.id);
}
