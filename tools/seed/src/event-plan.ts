/**
 * Which events the seed writes and which of the planned runs they triggered. The runs stay
 * those `planRuns` drew (same workflows, same order): an event is put at the creation of a run
 * of a workflow listening to its key, and when the key triggers other workflows too, the next
 * run of each of those (within 15 minutes) is moved to the same instant, as the engine creates
 * all of an event's runs in one tick. About TRIGGERING_SHARE of the events trigger runs, as far
 * as the planned runs allow; the others (keys nobody listens to, alerts that no filter lets
 * through) are spread over the period with the runs' daily and weekly rhythm.
 */
import { EVENT_CATALOG } from './event-catalog';
import type { EventRow } from './event-generator';
import type { RunPlan, SeedWorkflow } from './history-generator';
import { creationTimes } from './run-plan';
import type { SeedRandom } from './seed-random';

/** The event behind planned runs; the runs of one event share this object. */
export interface EventLink {
  /** Index in EVENT_CATALOG. */
  key: number;
  /** The workflow (index) the event was planned for, and which of its filters took it. */
  workflow: number;
  filter: number | null;
  /** Its runs not generated yet: the generator keeps the event until the last one. */
  pendingRuns: number;
  event?: EventRow;
}

export interface EventPlan {
  /** Creation times of the events that trigger nothing, sorted. */
  idleTimes: Float64Array;
  /** Events that trigger runs, and those runs. */
  triggering: number;
  triggeredRuns: number;
}

/** The share of events meant to trigger runs (fewer when there are not enough runs). */
export const TRIGGERING_SHARE = 0.45;
/** How far ahead another workflow's next run may be taken to run for the same event. */
const SIBLING_HORIZON_MS = 15 * 60_000;

/**
 * Links about TRIGGERING_SHARE of `events` to `plans` (setting `event` and moving the other
 * runs of an event to its instant; the array's order is kept) and times the rest.
 */
export function planEvents(options: {
  plans: RunPlan[];
  workflows: readonly SeedWorkflow[];
  events: number;
  from: number;
  to: number;
  random: SeedRandom;
}): EventPlan {
  const { plans, events, random } = options;
  if (events <= 0) return { idleTimes: new Float64Array(0), triggering: 0, triggeredRuns: 0 };
  const routes = new EventRouting(options.workflows);
  // A dry pass with every eligible run triggered tells how many events the runs can carry.
  const most = routes.link(plans, 1, random.clone(), false);
  const wanted = Math.round(events * TRIGGERING_SHARE);
  const linked =
    most.events === 0
      ? { events: 0, runs: 0 }
      : routes.link(plans, Math.min(1, wanted / most.events), random, true);
  const triggering = Math.min(events, linked.events);
  return {
    idleTimes: creationTimes(events - triggering, options.from, options.to, random),
    triggering,
    triggeredRuns: linked.runs,
  };
}

/** The catalog's keys and the workflows they trigger, by index. */
class EventRouting {
  readonly #workflows: readonly SeedWorkflow[];
  /** Per key: the workflows listening to it. */
  readonly #listeners: number[][];
  /** Per workflow: the keys it listens to, and their weights. */
  readonly #keys: number[][];
  readonly #weights: number[][];

  constructor(workflows: readonly SeedWorkflow[]) {
    this.#workflows = workflows;
    this.#listeners = EVENT_CATALOG.map(() => []);
    this.#keys = workflows.map((workflow, w) =>
      (workflow.behaviour.eventTriggers ?? []).map((key) => {
        const k = EVENT_CATALOG.findIndex((e) => e.key === key);
        if (k < 0)
          throw new Error(
            `workflow "${workflow.behaviour.name}" listens to "${key}", which the event catalog lacks`,
          );
        this.#listeners[k]!.push(w);
        return k;
      }),
    );
    this.#weights = this.#keys.map((keys) => keys.map((k) => EVENT_CATALOG[k]!.weight));
    // An event is planned for one run, whose filter it passes: a key that triggers a workflow
    // with filters must trigger nothing else.
    for (const [k, listeners] of this.#listeners.entries()) {
      if (listeners.length > 1 && listeners.some((w) => workflows[w]!.filters.length > 0)) {
        throw new Error(`"${EVENT_CATALOG[k]!.key}" triggers a workflow with filters and others`);
      }
    }
  }

  /**
   * Walks the plans oldest first and gives each run of a listening workflow, with probability
   * `share`, an event of one of its keys, taking the runs of the key's other workflows along
   * (a key whose other workflows have no run soon enough gives way to a key of this workflow
   * alone, or to no event). With `apply` false it only counts.
   */
  link(
    plans: RunPlan[],
    share: number,
    random: SeedRandom,
    apply: boolean,
  ): { events: number; runs: number } {
    const byWorkflow: number[][] = this.#workflows.map(() => []);
    plans.forEach((plan, i) => byWorkflow[plan.workflow]!.push(i));
    const next = this.#workflows.map(() => 0);
    const taken = new Uint8Array(plans.length);
    /** The next run of `w` after plan `i` not taken yet, if it comes within the horizon. */
    const nextRun = (w: number, i: number, at: number): number | undefined => {
      const list = byWorkflow[w]!;
      while (next[w]! < list.length && (list[next[w]!]! <= i || taken[list[next[w]!]!])) {
        next[w]! += 1;
      }
      const j = list[next[w]!];
      return j !== undefined && plans[j]!.createdAt - at <= SIBLING_HORIZON_MS ? j : undefined;
    };
    let events = 0;
    let runs = 0;
    for (let i = 0; i < plans.length; i++) {
      const plan = plans[i]!;
      const keys = this.#keys[plan.workflow]!;
      if (taken[i] || keys.length === 0 || !random.chance(share)) continue;
      const first = keys[random.weighted(this.#weights[plan.workflow]!)]!;
      const candidates = [
        first,
        ...keys.filter((k) => k !== first && this.#listeners[k]!.length === 1),
      ];
      for (const key of candidates) {
        const others: number[] = [];
        for (const w of this.#listeners[key]!) {
          if (w === plan.workflow) continue;
          const j = nextRun(w, i, plan.createdAt);
          if (j === undefined) break;
          others.push(j);
        }
        if (others.length < this.#listeners[key]!.length - 1) continue;
        taken[i] = 1;
        for (const j of others) taken[j] = 1;
        events += 1;
        runs += 1 + others.length;
        if (apply) {
          const filters = this.#workflows[plan.workflow]!.filters;
          const link: EventLink = {
            key,
            workflow: plan.workflow,
            filter: filters.length > 0 ? random.int(0, filters.length - 1) : null,
            pendingRuns: 1 + others.length,
          };
          plan.event = link;
          for (const j of others) {
            plans[j]!.event = link;
            plans[j]!.createdAt = plan.createdAt;
          }
        }
        break;
      }
    }
    return { events, runs };
  }
}
