/**
 * Events pushed by clients (EventsService.Push, REST, webhooks) and re-emitted by replay. Before
 * the tick, each event is routed in memory (event-routes.ts): the workflows it triggers, one run
 * per decision, and the filters that failed on it. In the tick, this phase writes the events and
 * hands their runs to the trigger phase, which runs next in the same transaction: an event whose
 * push was answered is stored with all of its runs, and an event that failed to store triggered
 * nothing, so a client retrying it cannot make it trigger twice.
 */
import { randomUUID } from 'node:crypto';
import { EngineError } from '../errors';
import type { Queryable } from '@trellis/db';
import type { EventRoutes } from '../event-routes';
import { eventsInsert, type NewEventRow } from '../queries/event.queries';
import { BufferedSystem, type Operation } from '../tick/system';
import type { TickContext } from '../tick/tick-context';
import type { PushedEvent } from '../types';
import { assertJsonSize } from '../validation';
import type { VersionCache } from '../version-cache';
import type { DurableSystem } from './durable';
import { resolveClaims, type ResolvedTrigger, type TriggerSystem } from './trigger';

/** At most this many events per push, as the reference accepts. */
export const MAX_EVENTS_PER_PUSH = 1000;
export const MAX_EVENT_KEY_LENGTH = 512;
/** Metadata keys the engine sets on event-triggered runs; an event's own are dropped. */
const RESERVED_METADATA_PREFIX = 'hatchet__';

export interface EventToStore extends PushedEvent {
  /** Set when replay re-emits an earlier event. */
  replayedFromId?: string | undefined;
}

interface PushOp extends Operation<void> {
  events: NewEventRow[];
  triggers: ResolvedTrigger[];
}

export interface PushedEventSystemDeps {
  db: Queryable;
  routes: EventRoutes;
  versions: VersionCache;
  trigger: TriggerSystem;
  durable: DurableSystem;
  maxPayloadBytes: number;
  wake(): void;
}

export class PushedEventSystem extends BufferedSystem<PushOp> {
  constructor(private readonly deps: PushedEventSystemDeps) {
    super(deps.wake);
  }

  /** Resolves with the events' ids, in order, once they and their runs are committed. */
  async request(tenantId: string, events: readonly EventToStore[]): Promise<string[]> {
    if (events.length > MAX_EVENTS_PER_PUSH) {
      throw new EngineError(
        'INVALID_ARGUMENT',
        `at most ${MAX_EVENTS_PER_PUSH} events may be pushed at once`,
      );
    }
    for (const event of events) this.check(event);
    const rows: NewEventRow[] = [];
    const triggers: ResolvedTrigger[] = [];
    for (const event of events) {
      const row = toRow(tenantId, event);
      const routed = await this.deps.routes.route(tenantId, row);
      row.celFailures = routed.failures.length > 0 ? routed.failures : null;
      rows.push(row);
      for (const decision of routed.decisions) {
        const version = await this.deps.versions.get(this.deps.db, tenantId, decision.workflowName);
        // Deleted since the routes were read: nothing to run.
        if (!version) continue;
        const trigger: ResolvedTrigger = {
          tenantId,
          version,
          input: event.payload ?? {},
          additionalMetadata: runMetadata(row),
          priority: validPriority(event.priority) ?? version.defaultPriority,
          parentTaskExternalId: null,
          parentRunId: null,
          childIndex: null,
          childKey: null,
          event: {
            id: row.id,
            key: row.key,
            filterId: decision.filterId,
            filterPayload: decision.filterPayload,
          },
        };
        // A run whose concurrency key cannot be worked out is not started; the event says why.
        const refused = resolveClaims(trigger);
        if (refused === undefined) triggers.push(trigger);
        else {
          row.celFailures = [
            ...(row.celFailures ?? []),
            { filterId: decision.filterId, workflowId: version.workflowId, message: refused },
          ];
        }
      }
    }
    await this.pushAwaited({ events: rows, triggers });
    return rows.map((row) => row.id);
  }

  private check(event: EventToStore): void {
    if (!event.key) throw new EngineError('INVALID_ARGUMENT', 'an event needs a key');
    if (event.key.length > MAX_EVENT_KEY_LENGTH) {
      throw new EngineError(
        'INVALID_ARGUMENT',
        `an event key is at most ${MAX_EVENT_KEY_LENGTH} characters`,
      );
    }
    assertJsonSize(event.payload, 'event payload', this.deps.maxPayloadBytes);
    assertJsonSize(event.additionalMetadata ?? {}, 'event metadata', this.deps.maxPayloadBytes);
  }

  async apply(tick: TickContext): Promise<void> {
    if (this.taken.length === 0) return;
    const events = this.taken.flatMap((op) =>
      op.events.map((e) => ({ ...e, eventTimestamp: e.eventTimestamp ?? new Date(tick.now) })),
    );
    tick.write(eventsInsert(events, new Date(tick.now)));
    this.deps.trigger.includeInTick(this.taken.flatMap((op) => op.triggers));
    for (const event of events) this.deps.durable.includeEvents(event.tenantId, [event]);
  }
}

function toRow(tenantId: string, event: EventToStore): NewEventRow {
  return {
    id: randomUUID(),
    tenantId,
    key: event.key,
    payload: event.payload ?? {},
    additionalMetadata: event.additionalMetadata ?? {},
    scope: event.scope ? event.scope : null,
    priority: validPriority(event.priority) ?? null,
    eventTimestamp: event.eventTimestamp ?? null,
    triggeringWebhookName: event.triggeringWebhookName ?? null,
    replayedFromId: event.replayedFromId ?? null,
    celFailures: null,
  };
}

/**
 * A triggered run's metadata: the event's, without keys the engine reserves, plus the event's
 * id and key (the reference's `hatchet__event_id` and `hatchet__event_key`, which the SDKs and
 * dashboards read to tell an event-triggered run).
 */
function runMetadata(event: NewEventRow): Record<string, unknown> {
  const metadata: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(event.additionalMetadata)) {
    if (!key.startsWith(RESERVED_METADATA_PREFIX)) metadata[key] = value;
  }
  metadata['hatchet__event_id'] = event.id;
  metadata['hatchet__event_key'] = event.key;
  return metadata;
}

/** Priorities are 1 (low) to 3 (high); anything else falls back to the default. */
function validPriority(priority: number | undefined): number | undefined {
  return priority !== undefined && Number.isInteger(priority) && priority >= 1 && priority <= 3
    ? priority
    : undefined;
}
