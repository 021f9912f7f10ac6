/**
 * Lookbacks (`consider_events_since`): an event wait may be met by an event stored before the
 * wait opened. As a wait or a gate opens, each such condition takes the first stored event
 * since its time that meets it.
 */
import type { Queryable } from '@trellis/db';
import { eventMeets, type WaitCondition } from './durable-conditions';
import { listEventsSince } from './queries/durable.queries';
import type { ParentCondition } from './task-conditions';

export async function meetLookbacks(
  db: Queryable,
  tenantId: string,
  conditions: readonly (WaitCondition | ParentCondition)[],
  met: Record<number, unknown>,
): Promise<void> {
  for (const [index, condition] of conditions.entries()) {
    if (condition.kind !== 'EVENT' || condition.since === null || index in met) continue;
    const events = await listEventsSince(
      db,
      tenantId,
      condition.eventKey,
      new Date(condition.since),
    );
    const first = events.find((event) => eventMeets(condition, event));
    if (first) met[index] = first.payload;
  }
}
