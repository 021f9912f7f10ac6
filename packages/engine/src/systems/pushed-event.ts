/** Events pushed by clients (EventsService.Push): stored; triggering workflows comes later. */
import { randomUUID } from 'node:crypto';
import { eventsInsert } from '../queries/event.queries';
import { BufferedSystem, type Operation } from '../tick/system';
import type { TickContext } from '../tick/tick-context';
import type { PushedEvent } from '../types';
import { assertJsonSize } from '../validation';

interface PushOp extends Operation<void> {
  tenantId: string;
  events: (PushedEvent & { id: string })[];
}

export class PushedEventSystem extends BufferedSystem<PushOp> {
  constructor(
    wake: () => void,
    private readonly maxPayloadBytes: number,
  ) {
    super(wake);
  }

  /** Resolves with the events' ids, in order, once they are committed. */
  async request(tenantId: string, events: readonly PushedEvent[]): Promise<string[]> {
    const withIds = events.map((e) => {
      assertJsonSize(e.payload, 'event payload', this.maxPayloadBytes);
      return { ...e, id: randomUUID() };
    });
    await this.pushAwaited({ tenantId, events: withIds });
    return withIds.map((e) => e.id);
  }

  async apply(tick: TickContext): Promise<void> {
    const events = this.taken.flatMap((op) =>
      op.events.map((e) => ({
        id: e.id,
        tenantId: op.tenantId,
        key: e.key,
        payload: e.payload,
        additionalMetadata: e.additionalMetadata ?? {},
        scope: e.scope ?? null,
        priority: e.priority ?? null,
        eventTimestamp: e.eventTimestamp ?? new Date(tick.now),
      })),
    );
    if (events.length > 0) tick.write(eventsInsert(events));
  }
}
