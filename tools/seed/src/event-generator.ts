/**
 * The event rows the seed writes, as the engine stores pushed events
 * (packages/engine/src/systems/pushed-event.ts): payload, metadata, scope, priority, the
 * webhook it came through, and the filters that failed on it. An event's runs take its payload
 * as input and its metadata plus `hatchet__event_id` / `hatchet__event_key`, as the engine
 * gives them.
 */
import { randomUUID } from 'node:crypto';
import { EVENT_CATALOG, missingFieldFailure } from './event-catalog';
import type { EventLink } from './event-plan';
import type { RegisteredFilter, SeedWorkflow } from './history-generator';
import type { SeedRandom } from './seed-random';
import { additionalMetadata } from './workflow-catalog';

export interface EventRow {
  id: string;
  key: string;
  payload: Record<string, unknown>;
  additionalMetadata: Record<string, string>;
  scope: string | null;
  priority: number | null;
  eventTimestamp: number;
  createdAt: number;
  triggeringWebhookName: string | null;
  celFailures: { filterId: string; workflowId: string; message: string }[] | null;
  /** Whether it triggered runs (the seed's count; not a column). */
  triggered: boolean;
}

/** What an event gives each run it triggers. */
export interface RunTrigger {
  event: EventRow;
  /** The run's input, metadata and priority, as the engine derives them from the event. */
  input: Record<string, unknown>;
  metadata: Record<string, string>;
  priority: number;
  filter: RegisteredFilter | null;
}

/** The severity an alert that passes no filter is sent with. */
const UNFILTERED_SEVERITY = 'info';

export class EventGenerator {
  readonly #workflows: readonly SeedWorkflow[];
  readonly #random: SeedRandom;
  /** Keys whose events may trigger nothing, with their weights. */
  readonly #idleKeys: number[];
  readonly #idleWeights: number[];
  /** Per key: the filters of the workflows listening to it, with their workflow's id. */
  readonly #filters: { filter: RegisteredFilter; workflowId: string }[][];

  constructor(options: { workflows: readonly SeedWorkflow[]; random: SeedRandom }) {
    this.#workflows = options.workflows;
    this.#random = options.random;
    const listeners = EVENT_CATALOG.map((e) =>
      options.workflows.filter((w) => w.behaviour.eventTriggers?.includes(e.key)),
    );
    this.#filters = listeners.map((workflows) =>
      workflows.flatMap((w) => w.filters.map((filter) => ({ filter, workflowId: w.id }))),
    );
    // A key triggers every listening workflow that has no filters; only keys without such
    // listeners can be pushed without triggering anything.
    this.#idleKeys = EVENT_CATALOG.flatMap((_, k) =>
      listeners[k]!.every((w) => w.filters.length > 0) ? [k] : [],
    );
    this.#idleWeights = this.#idleKeys.map((k) => EVENT_CATALOG[k]!.weight);
  }

  /**
   * The event behind a planned run and what it gives the run. The first of its runs (the one
   * it was planned for) creates it, with that run's priority; `created` says so, so that the
   * caller writes it once.
   */
  forRun(
    link: EventLink,
    workflow: number,
    at: number,
    priority: number,
  ): RunTrigger & { created: boolean } {
    const created = link.event === undefined;
    if (!link.event) {
      const filter =
        link.filter === null ? null : this.#workflows[link.workflow]!.filters[link.filter]!;
      link.event = this.#event(link.key, at, {
        priority: priority > 1 ? priority : null,
        scope: filter?.scope,
        severity: filter?.severity,
      });
      link.event.triggered = true;
    }
    const event = link.event;
    link.pendingRuns -= 1;
    if (link.pendingRuns === 0) delete link.event;
    const filter =
      workflow === link.workflow && link.filter !== null
        ? this.#workflows[workflow]!.filters[link.filter]!
        : null;
    return {
      event,
      created,
      input: event.payload,
      metadata: {
        ...event.additionalMetadata,
        hatchet__event_id: event.id,
        hatchet__event_key: event.key,
      },
      priority: event.priority ?? 1,
      filter,
    };
  }

  /**
   * An event that triggers nothing: a key no workflow listens to, or an alert no filter takes
   * (sent without a scope, with a severity no filter wants, or without the severity the
   * filters read, which makes them fail).
   */
  idle(at: number): EventRow {
    const random = this.#random;
    const key = this.#idleKeys[random.weighted(this.#idleWeights)]!;
    const filtered = this.#filters[key]!.length > 0;
    return this.#event(key, at, {
      priority: random.chance(0.02) ? random.int(2, 3) : null,
      severity: filtered ? (random.chance(0.7) ? UNFILTERED_SEVERITY : null) : undefined,
    });
  }

  #event(
    k: number,
    at: number,
    options: { priority: number | null; scope?: string | undefined; severity?: string | null },
  ): EventRow {
    const random = this.#random;
    const behaviour = EVENT_CATALOG[k]!;
    const metadata = additionalMetadata(random);
    const scope =
      options.scope !== undefined ? options.scope : (behaviour.scope?.(random, metadata) ?? null);
    const payload = behaviour.payload(random, options.severity);
    const failing =
      scope !== null && options.severity === null
        ? this.#filters[k]!.filter(({ filter }) => filter.scope === scope)
        : [];
    return {
      id: randomUUID(),
      key: behaviour.key,
      payload,
      additionalMetadata: metadata,
      scope,
      priority: options.priority,
      // Most clients let the engine stamp the event; some send when it happened.
      eventTimestamp: random.chance(0.2) ? at - random.logNormal(40, 0.8) : at,
      createdAt: at,
      triggeringWebhookName:
        behaviour.webhook && random.chance(behaviour.webhook.share) ? behaviour.webhook.name : null,
      celFailures:
        failing.length > 0
          ? failing.map(({ filter, workflowId }) => ({
              filterId: filter.id,
              workflowId,
              message: missingFieldFailure('severity'),
            }))
          : null,
      triggered: false,
    };
  }
}
