/**
 * What a durable task waits for (`wait_for`): sleeps and user events, grouped in or-groups. A
 * wait is satisfied when every or-group has a condition met (conditions of one group are
 * alternatives; the groups must all be met), and it answers the worker with what met each:
 * `{ CREATE: { <readable data key>: [<payload>] } }`, a sleep's payload being its duration and
 * an event's its payload, as the SDK reads them.
 */
import { compile, evaluateBoolean, EVENT_FILTER } from '@trellis/cel';
import { formatDuration, parseDuration } from './durations';
import { EngineError } from './errors';
import { assertEventExpression } from './validation';

/** A condition as the worker sends it (v1.SleepMatchCondition, v1.UserEventMatchCondition). */
export interface WaitConditionInput {
  readableDataKey: string;
  orGroupId: string;
  expression?: string | undefined;
  sleepFor?: string | undefined;
  eventKey?: string | undefined;
  scope?: string | undefined;
  considerEventsSince?: Date | undefined;
}

export type WaitCondition =
  | { kind: 'SLEEP'; key: string; orGroup: string; sleepMs: number }
  | {
      kind: 'EVENT';
      key: string;
      orGroup: string;
      eventKey: string;
      expression: string;
      scope: string | null;
      /** Events stored since this (epoch ms) count too (a lookback). */
      since: number | null;
    };

/** An event as a wait sees it. */
export interface WaitedEvent {
  id: string;
  key: string;
  payload: unknown;
  additionalMetadata: Record<string, unknown>;
  scope: string | null;
}

export function normaliseWait(
  sleeps: readonly WaitConditionInput[],
  events: readonly WaitConditionInput[],
): WaitCondition[] {
  const conditions: WaitCondition[] = [];
  for (const sleep of sleeps) {
    const sleepMs = parseDuration(sleep.sleepFor ?? '');
    if (sleepMs === undefined || sleepMs < 0) {
      throw new EngineError(
        'INVALID_ARGUMENT',
        `sleep "${sleep.sleepFor ?? ''}" is not a duration such as "10s"`,
      );
    }
    conditions.push({ kind: 'SLEEP', key: keyOf(sleep), orGroup: groupOf(sleep), sleepMs });
  }
  for (const event of events) {
    if (!event.eventKey) throw new EngineError('INVALID_ARGUMENT', 'an event wait needs a key');
    const expression = event.expression?.trim() ?? '';
    if (expression) assertEventExpression(expression, `the wait's expression "${expression}"`);
    conditions.push({
      kind: 'EVENT',
      key: keyOf(event),
      orGroup: groupOf(event),
      eventKey: event.eventKey,
      expression,
      scope: event.scope || null,
      since: event.considerEventsSince?.getTime() ?? null,
    });
  }
  if (conditions.length === 0) {
    throw new EngineError('INVALID_ARGUMENT', 'a wait needs at least one condition');
  }
  return conditions;
}

const keyOf = (c: WaitConditionInput) => c.readableDataKey || 'CREATE';
// A condition without a group is a group of its own.
const groupOf = (c: WaitConditionInput) => c.orGroupId || `${c.readableDataKey}:${c.sleepFor}`;

/** Whether an event meets a condition: its key, its scope when named, the expression. */
export function eventMeets(condition: WaitCondition, event: WaitedEvent): boolean {
  if (condition.kind !== 'EVENT' || condition.eventKey !== event.key) return false;
  if (condition.scope !== null && condition.scope !== event.scope) return false;
  if (!condition.expression) return true;
  const outcome = evaluateBoolean(compile(EVENT_FILTER, condition.expression), {
    input: event.payload ?? {},
    payload: event.payload ?? {},
    additional_metadata: event.additionalMetadata,
    event_id: event.id,
    event_key: event.key,
  });
  return outcome.ok && outcome.value;
}

/** What met a sleep: its duration in whole seconds, as the SDK parses it (`1h2m3s`). */
export function sleepPayload(ms: number): { sleep_duration: string } {
  return { sleep_duration: formatDuration(Math.round(ms / 1000) * 1000) };
}

/**
 * The wait's answer once every or-group has a met condition (`met`: payload by condition
 * index), or undefined while one is still open.
 */
export function waitOutcome(
  conditions: readonly WaitCondition[],
  met: Readonly<Record<number, unknown>>,
): { CREATE: Record<string, unknown[]> } | undefined {
  const groups = new Map<string, boolean>();
  conditions.forEach((c, i) => groups.set(c.orGroup, (groups.get(c.orGroup) ?? false) || i in met));
  if ([...groups.values()].some((done) => !done)) return undefined;
  const answer: Record<string, unknown[]> = {};
  conditions.forEach((c, i) => {
    if (i in met) (answer[c.key] ??= []).push(met[i]);
  });
  return { CREATE: answer };
}

/** Conditions of a wait or a gate; sleeps count from when it opened (`since`, epoch ms). */
type Counted = readonly { kind: string; sleepMs?: number }[];

/** When the earliest open sleep ends, or null when none is open. */
export function nextSleepDue(
  conditions: Counted,
  met: Readonly<Record<number, unknown>>,
  since: number,
): number | null {
  let next: number | null = null;
  conditions.forEach((condition, index) => {
    if (condition.kind !== 'SLEEP' || index in met) return;
    const due = since + condition.sleepMs!;
    if (next === null || due < next) next = due;
  });
  return next;
}

/** Meets the open sleeps that have ended by `now`; whether any was. */
export function meetEndedSleeps(
  conditions: Counted,
  met: Record<number, unknown>,
  since: number,
  now: number,
): boolean {
  let any = false;
  conditions.forEach((condition, index) => {
    if (condition.kind !== 'SLEEP' || index in met || since + condition.sleepMs! > now) return;
    met[index] = sleepPayload(condition.sleepMs!);
    any = true;
  });
  return any;
}
