/**
 * What two attempts of one task are compared on, and where they differ: pure functions the
 * attempt diff dialog renders. Text (JSON payloads, errors) is compared line by line with
 * jsdiff; short values (status, duration, worker) as a whole; events as sequences of types.
 */
import { diffArrays, diffLines } from 'diff';
import { isZeroUuid } from '@/lib/constants';
import { formatJson } from '@/lib/json-tokens';
import type { V1TaskEvent, V1TaskSummary } from '@/types/api';

/** One line of one side: `changed` when the other side does not have it. */
export interface DiffLine {
  text: string;
  changed: boolean;
}

export interface SideBySide {
  left: DiffLine[];
  right: DiffLine[];
  same: boolean;
}

function linesOf(value: string): string[] {
  const lines = value.split('\n');
  // jsdiff keeps the newline that ends a part: the empty string after it is no line.
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** Two texts line by line: each side keeps its own lines, those the other lacks marked. */
export function diffText(left: string, right: string): SideBySide {
  const result: SideBySide = { left: [], right: [], same: true };
  for (const part of diffLines(left, right)) {
    const lines = linesOf(part.value).map((text) => ({
      text,
      changed: part.added || part.removed,
    }));
    if (part.added || part.removed) result.same = false;
    if (!part.added) result.left.push(...lines);
    if (!part.removed) result.right.push(...lines);
  }
  return result;
}

/** Two JSON values as pretty text, line by line. */
export function diffJson(left: unknown, right: unknown): SideBySide {
  return diffText(formatJson(left), formatJson(right));
}

/**
 * What an attempt's output can be compared as: its value, no output at all (it failed, or has
 * not finished), or unknown. A task holds its latest attempt's output; a replay keeps the
 * output of the completed attempt it replaces (`outputKept`), and one without it is unknown,
 * never shown as empty.
 */
export type AttemptOutput =
  | { kind: 'value'; value: unknown }
  | { kind: 'none'; reason: string }
  | { kind: 'unknown'; reason: string };

export function attemptOutput(
  attempt: Pick<V1TaskSummary, 'status' | 'output' | 'attempt' | 'outputKept'>,
  latestAttempt: number,
): AttemptOutput {
  if (attempt.status === 'COMPLETED') {
    // An earlier completed attempt was replaced by a replay, which keeps its output; replays
    // made before Trellis kept them have none.
    return (attempt.attempt ?? 1) < latestAttempt && !attempt.outputKept
      ? { kind: 'unknown', reason: 'Not kept: this replay was made before outputs were kept.' }
      : { kind: 'value', value: attempt.output };
  }
  if (attempt.status === 'FAILED')
    return { kind: 'none', reason: 'No output: the attempt failed.' };
  if (attempt.status === 'CANCELLED')
    return { kind: 'none', reason: 'No output: the attempt was cancelled.' };
  return { kind: 'none', reason: 'No output yet: the attempt has not finished.' };
}

/**
 * Two outputs side by side. An output against none marks all its lines (one attempt produced
 * something the other did not); an unknown one is compared with nothing (`same` undefined).
 */
export function diffOutputs(
  left: AttemptOutput,
  right: AttemptOutput,
): Omit<SideBySide, 'same'> & { same: boolean | undefined } {
  if (left.kind === 'unknown' || right.kind === 'unknown') {
    const side = (output: AttemptOutput) =>
      output.kind === 'value' ? diffJson(output.value, output.value).left : [];
    return { left: side(left), right: side(right), same: undefined };
  }
  const text = (output: AttemptOutput) => (output.kind === 'value' ? formatJson(output.value) : '');
  return diffText(text(left), text(right));
}

/** The attempt numbers of a task, oldest first (`attempt` is the current one's). */
export function attemptNumbers(task: Pick<V1TaskSummary, 'attempt'>): number[] {
  return Array.from({ length: Math.max(1, task.attempt ?? 1) }, (_, index) => index + 1);
}

/** The pair compared first: the last two attempts. */
export function defaultPair(task: Pick<V1TaskSummary, 'attempt'>): [number, number] {
  const last = Math.max(1, task.attempt ?? 1);
  return [Math.max(1, last - 1), last];
}

/** One attempt's events, oldest first (ids follow the order the engine recorded them). */
export function eventsOfAttempt(events: readonly V1TaskEvent[], attempt: number): V1TaskEvent[] {
  return events
    .filter((event) => (event.attempt ?? 1) === attempt)
    .sort((first, second) => first.id - second.id);
}

/** The worker an attempt ran on: the last one named by its events (assigned, finished). */
export function workerOfAttempt(events: readonly V1TaskEvent[]): string | undefined {
  return events.findLast((event) => event.workerId && !isZeroUuid(event.workerId))?.workerId;
}

/** How an attempt came to be: the first one, an automatic retry, or a replay by a user. */
export function attemptOrigin(events: readonly V1TaskEvent[]): 'first' | 'retry' | 'replay' {
  if (events.some((event) => event.eventType === 'RETRIED_BY_USER')) return 'replay';
  return (events[0]?.attempt ?? 1) > 1 ? 'retry' : 'first';
}

/** One event of an attempt as the events column lists it, with its offset from the first. */
export interface AttemptEventItem {
  eventType: V1TaskEvent['eventType'];
  /** Milliseconds since the attempt's first event. */
  offsetMs: number;
  changed: boolean;
}

/**
 * Both attempts' events as sequences of types: an event type one side has where the other
 * has none (or a different one) is marked. Times are shown, never compared: they always differ.
 */
export function diffEvents(
  left: readonly V1TaskEvent[],
  right: readonly V1TaskEvent[],
): { left: AttemptEventItem[]; right: AttemptEventItem[]; same: boolean } {
  const items = (events: readonly V1TaskEvent[]) => {
    const start = Date.parse(events[0]?.timestamp ?? '');
    return events.map((event) => ({
      eventType: event.eventType,
      offsetMs: Math.max(0, Date.parse(event.timestamp) - start),
      changed: false,
    }));
  };
  const result = { left: items(left), right: items(right), same: true };
  let leftIndex = 0;
  let rightIndex = 0;
  const types = (events: readonly V1TaskEvent[]) => events.map((event) => event.eventType);
  for (const part of diffArrays(types(left), types(right))) {
    const count = part.value.length;
    if (part.removed || part.added) result.same = false;
    if (!part.added) {
      for (let i = 0; i < count; i++) result.left[leftIndex + i]!.changed = Boolean(part.removed);
      leftIndex += count;
    }
    if (!part.removed) {
      for (let i = 0; i < count; i++) result.right[rightIndex + i]!.changed = Boolean(part.added);
      rightIndex += count;
    }
  }
  return result;
}
