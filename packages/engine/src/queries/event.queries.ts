import type { Write } from './combined-writes';

export interface NewEventRow {
  id: string;
  tenantId: string;
  key: string;
  payload: unknown;
  additionalMetadata: Record<string, unknown>;
  scope: string | null;
  priority: number | null;
  eventTimestamp: Date;
}

export function eventsInsert(events: readonly NewEventRow[]): Write {
  return {
    text: (first) =>
      `INSERT INTO events
       (id, tenant_id, key, payload, additional_metadata, scope, priority, event_timestamp)
     SELECT e.id, e."tenantId", e.key, e.payload, e."additionalMetadata", e.scope, e.priority,
            e."eventTimestamp"
       FROM jsonb_to_recordset($${first}::jsonb) AS e(
         id uuid, "tenantId" uuid, key text, payload jsonb, "additionalMetadata" jsonb, scope text,
         priority int, "eventTimestamp" timestamptz)`,
    params: [JSON.stringify(events)],
  };
}
