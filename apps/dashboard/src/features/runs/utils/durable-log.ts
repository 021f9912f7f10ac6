/**
 * A durable task's event log in words, as the task panel's timeline shows it: what each node
 * is ("Sleep 1h", "Wait for event order:paid where …", "Memo: now()", "Spawned run …"), whether
 * it is done, what met a wait, and which invocations wrote and replayed it.
 */
import type { V1DurableEventLogEntry } from '@/types/api';

type WaitCondition = NonNullable<V1DurableEventLogEntry['waitData']>[number];

const SECOND = 1000;
const DURATION_UNITS = [
  { suffix: 'd', ms: 86_400_000 },
  { suffix: 'h', ms: 3_600_000 },
  { suffix: 'm', ms: 60_000 },
] as const;

/**
 * A sleep's length as it is usually written: "1h", "1h 30m", "90ms"; seconds keep their
 * fraction ("1.5s") since a sleep is often short.
 */
export function formatSleep(ms: number): string {
  if (ms < SECOND) return `${ms}ms`;
  const parts: string[] = [];
  let rest = ms;
  for (const { suffix, ms: unit } of DURATION_UNITS) {
    const count = Math.floor(rest / unit);
    if (count > 0) parts.push(`${count}${suffix}`);
    rest -= count * unit;
  }
  if (rest > 0) parts.push(`${Number((rest / SECOND).toFixed(3))}s`);
  return parts.join(' ');
}

/**
 * One condition. The first of an or-group leads ("wait for event x"); the alternatives after
 * it are short ("or event y"), which reads as one phrase.
 */
function conditionText(condition: WaitCondition, leading: boolean): string {
  if (condition.or && condition.or.length > 0) return groupText(condition.or);
  switch (condition.kind) {
    case 'SLEEP':
      return `sleep ${formatSleep(condition.sleepDurationMs ?? 0)}`;
    case 'USER_EVENT':
      return [
        leading ? 'wait for event' : 'event',
        condition.eventKey,
        condition.expression ? `where ${condition.expression}` : undefined,
        condition.scope ? `in scope ${condition.scope}` : undefined,
      ]
        .filter(Boolean)
        .join(' ');
    case 'CHILD_WORKFLOW':
      return `run ${condition.workflowName ?? ''}`.trim();
    default:
      return 'an unknown condition';
  }
}

function groupText(alternatives: readonly WaitCondition[]): string {
  return alternatives.map((condition, index) => conditionText(condition, index === 0)).join(' or ');
}

/**
 * What a wait waits for: each entry of `waitData` is an or-group (its alternatives under `or`)
 * and every group must be met, hence "and" between them.
 */
export function waitDescription(waitData: readonly WaitCondition[]): string {
  if (waitData.length === 0) return 'Wait';
  return capitalize(waitData.map((group) => conditionText(group, true)).join(' and '));
}

/** The node in words: its wait, its memo ("now()" when it holds a time), its spawned run. */
export function nodeDescription(entry: V1DurableEventLogEntry): string {
  switch (entry.kind) {
    case 'WAIT_FOR':
      return waitDescription(entry.waitData ?? []);
    case 'MEMO':
      return memoTime(entry) === undefined ? 'Memo' : 'Memo: now()';
    case 'RUN':
      return `Spawned run ${spawnedWorkflowName(entry) ?? ''}`.trim();
    default:
      return entry.kind;
  }
}

/** The workflow a RUN node spawned, as the server names it in its single condition. */
export function spawnedWorkflowName(entry: V1DurableEventLogEntry): string | undefined {
  return entry.waitData?.find((condition) => condition.kind === 'CHILD_WORKFLOW')?.workflowName;
}

/** Which picture the timeline gives the node: a sleep, an event wait, a memo, a spawned run. */
export type NodeIcon = 'sleep' | 'event' | 'memo' | 'run';

export function nodeIcon(entry: V1DurableEventLogEntry): NodeIcon {
  if (entry.kind === 'MEMO') return 'memo';
  if (entry.kind === 'RUN') return 'run';
  const conditions = (entry.waitData ?? []).flatMap((group) => group.or ?? [group]);
  return conditions.length > 0 && conditions.every((condition) => condition.kind === 'SLEEP')
    ? 'sleep'
    : 'event';
}

export type NodeState = 'done' | 'waiting' | 'failed';

/** A failed child fails its node; otherwise the node is done once satisfied. */
export function nodeState(entry: V1DurableEventLogEntry): NodeState {
  if (entry.error !== undefined) return 'failed';
  return entry.isSatisfied ? 'done' : 'waiting';
}

export const NODE_STATE_LABELS: Record<NodeState, string> = {
  done: 'Done',
  waiting: 'Waiting',
  failed: 'Failed',
};

/**
 * The time a memo holds when it is the SDK's `ctx.now()` (`{ ts }`, an ISO time), so that it
 * can be shown in the user's time zone rather than as JSON.
 */
export function memoTime(entry: V1DurableEventLogEntry): string | undefined {
  if (entry.kind !== 'MEMO' || !isPlainObject(entry.result)) return undefined;
  const keys = Object.keys(entry.result);
  const ts = entry.result['ts'];
  if (keys.length !== 1 || typeof ts !== 'string' || Number.isNaN(Date.parse(ts))) {
    return undefined;
  }
  return ts;
}

/** One thing that met a wait: a sleep that ended, or the data (an event's payload) under its key. */
export type WaitMatch =
  { kind: 'sleep'; duration: string } | { kind: 'data'; key: string; payload: unknown };

/**
 * What met a satisfied wait, from its result `{ CREATE: { <key>: [<payload>, …] } }`: the key
 * is the condition's readable data key (an event's key unless the task chose another), and a
 * sleep's payload is only its duration (`{ sleep_duration: '1s' }`).
 */
export function waitMatches(entry: V1DurableEventLogEntry): WaitMatch[] {
  if (entry.kind !== 'WAIT_FOR' || !isPlainObject(entry.result)) return [];
  const created = entry.result['CREATE'];
  if (!isPlainObject(created)) return [];
  return Object.entries(created).flatMap(([key, payloads]) =>
    (Array.isArray(payloads) ? payloads : [payloads]).map((payload): WaitMatch => {
      const duration = sleepDuration(payload);
      return duration === undefined ? { kind: 'data', key, payload } : { kind: 'sleep', duration };
    }),
  );
}

function sleepDuration(payload: unknown): string | undefined {
  if (!isPlainObject(payload) || Object.keys(payload).length !== 1) return undefined;
  const duration = payload['sleep_duration'];
  return typeof duration === 'string' ? duration : undefined;
}

/** "invocation 1", and "replayed by invocation 2" once a later invocation reached the node. */
export function invocationText(entry: V1DurableEventLogEntry): string {
  const wrote = `invocation ${entry.invocationCount}`;
  return entry.lastInvocationCount > entry.invocationCount
    ? `${wrote}, replayed by invocation ${entry.lastInvocationCount}`
    : wrote;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
