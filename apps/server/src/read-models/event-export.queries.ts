import type { Queryable } from '@trellis/db';
import {
  EVENT_SELECT,
  matchingEvents,
  TRIGGERED_RUNS_JOIN,
  type EventFilter,
  type EventRow,
} from './event.queries';
import { keysetCondition, type KeysetCursor, type KeysetRow } from './keyset-batches';
import { SqlParams } from './run-filter';

/**
 * The events list read whole for an export: its rows in its order, a batch at a time (see
 * keyset-batches.ts), and how many there are, uncapped.
 */

export async function countEventsToExport(db: Queryable, filter: EventFilter): Promise<number> {
  const params = new SqlParams();
  const { rows } = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM (${matchingEvents(filter, params, 'DESC')}) matching`,
    params.values,
  );
  return rows[0]!.total;
}

/** The next batch of events after `after`, newest first, with the runs each triggered. */
export async function readEventBatch(
  db: Queryable,
  filter: EventFilter,
  after: KeysetCursor | undefined,
  limit: number,
): Promise<(EventRow & KeysetRow)[]> {
  const params = new SqlParams();
  const matching = matchingEvents(filter, params, 'DESC');
  const continuation = keysetCondition('m.created_at', 'm.id', 'uuid', after, params);
  const { rows } = await db.query<EventRow & KeysetRow>(
    `WITH batch AS MATERIALIZED (
       SELECT m.id, m.created_at FROM (${matching}) m
       ${continuation.length > 0 ? `WHERE ${continuation.join(' AND ')}` : ''}
       ORDER BY m.created_at DESC, m.id DESC LIMIT ${limit})
     ${EVENT_SELECT}, batch.created_at::text AS "cursorAt"
     FROM batch JOIN events e ON e.id = batch.id ${TRIGGERED_RUNS_JOIN}
     ORDER BY batch.created_at DESC, batch.id DESC`,
    params.values,
  );
  return rows;
}
