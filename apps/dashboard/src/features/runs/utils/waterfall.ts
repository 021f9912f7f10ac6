/**
 * The waterfall of a run (reference 5.2.1): one row per task in depth-first order, child
 * runs' tasks under the task that spawned them, collapsible, and the queue and running parts
 * of each bar measured from the earliest task of the run. A task that was retried draws each
 * attempt on its row, so failed attempts stay visible after the task succeeds.
 */
import { toDate } from '@/lib/format';
import type { V1TaskStatus, V1TaskTiming } from '@/types/api';

/** One attempt of a task: when it was queued, started and ended, and how it ended. */
export interface AttemptTiming {
  attempt: number;
  status: V1TaskStatus;
  queuedAt?: string;
  startedAt?: string;
  finishedAt?: string;
  /** Why it failed (the failure event's message). */
  errorMessage?: string;
}

export interface TimingRow {
  id: string;
  /** The run the task belongs to, when known (tasks of child runs belong to other runs). */
  runId?: string;
  /** The task that spawned this one's run; absent for the run's own tasks. */
  parentId?: string;
  depth: number;
  name: string;
  status: V1TaskStatus;
  /** Oldest first, the current attempt last; none before the task is first queued. */
  attempts: AttemptTiming[];
}

/** Above this many children of one task, the rest hide behind "Show N more...". */
export const CHILDREN_SHOWN = 20;

export type WaterfallItem =
  | { kind: 'task'; row: TimingRow; hasChildren: boolean; expanded: boolean }
  | { kind: 'more'; parentId: string; depth: number; hidden: number };

/** Tasks that have children and sit at the top: expanded when the waterfall first opens. */
export function initiallyExpanded(rows: readonly TimingRow[]): Set<string> {
  const parents = new Set(rows.map((row) => row.parentId).filter(Boolean));
  return new Set(rows.filter((row) => row.depth === 0 && parents.has(row.id)).map((r) => r.id));
}

/**
 * The rows to draw: a task shows when every ancestor is expanded; past CHILDREN_SHOWN
 * children of one parent a "more" row stands in for the rest unless that parent is in
 * `showAll`.
 */
export function visibleItems(
  rows: readonly TimingRow[],
  expanded: ReadonlySet<string>,
  showAll: ReadonlySet<string> = new Set(),
): WaterfallItem[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const childCount = new Map<string, number>();
  for (const row of rows) {
    if (row.parentId) childCount.set(row.parentId, (childCount.get(row.parentId) ?? 0) + 1);
  }
  const isVisible = (row: TimingRow): boolean => {
    let parentId = row.parentId;
    while (parentId) {
      if (!expanded.has(parentId)) return false;
      parentId = byId.get(parentId)?.parentId;
    }
    return true;
  };
  const items: WaterfallItem[] = [];
  const seen = new Map<string, number>();
  const moreAdded = new Set<string>();
  for (const row of rows) {
    if (!isVisible(row)) continue;
    if (row.parentId && !showAll.has(row.parentId)) {
      const index = (seen.get(row.parentId) ?? 0) + 1;
      seen.set(row.parentId, index);
      if (index > CHILDREN_SHOWN) {
        if (!moreAdded.has(row.parentId)) {
          moreAdded.add(row.parentId);
          items.push({
            kind: 'more',
            parentId: row.parentId,
            depth: row.depth,
            hidden: (childCount.get(row.parentId) ?? 0) - CHILDREN_SHOWN,
          });
        }
        continue;
      }
    }
    items.push({
      kind: 'task',
      row,
      hasChildren: childCount.has(row.id),
      expanded: expanded.has(row.id),
    });
  }
  return items;
}

/** Collapsing a task hides its whole subtree: its descendants are collapsed too. */
export function collapse(
  rows: readonly TimingRow[],
  expanded: ReadonlySet<string>,
  id: string,
): Set<string> {
  const next = new Set(expanded);
  const stack = [id];
  while (stack.length > 0) {
    const current = stack.pop()!;
    next.delete(current);
    for (const row of rows) if (row.parentId === current) stack.push(row.id);
  }
  return next;
}

const time = (value: string | undefined) => toDate(value)?.getTime();

/** The earliest time any attempt of the rows was queued or started; undefined when none was. */
export function timeOrigin(rows: readonly TimingRow[]): number | undefined {
  let origin: number | undefined;
  for (const row of rows) {
    for (const attempt of row.attempts) {
      for (const value of [attempt.queuedAt, attempt.startedAt]) {
        const at = time(value);
        if (at !== undefined && (origin === undefined || at < origin)) origin = at;
      }
    }
  }
  return origin;
}

export interface BarSegments {
  /** From the origin to the start of the bar. */
  offsetMs: number;
  queueMs: number;
  runMs: number;
  started: boolean;
}

export interface AttemptBar extends BarSegments {
  attempt: AttemptTiming;
  /** A later attempt followed this one (it failed, or was replayed). */
  superseded: boolean;
}

/**
 * An attempt's bar: waiting in the queue, then running. An attempt that has not ended reaches
 * `openEnd`: now for the current attempt, the next attempt's start for an earlier one.
 */
function attemptSegments(attempt: AttemptTiming, origin: number, openEnd: number): BarSegments {
  const queued = time(attempt.queuedAt);
  const started = time(attempt.startedAt);
  const finished = time(attempt.finishedAt);
  const start = queued ?? started ?? origin;
  const queueEnd = started ?? (attempt.status === 'QUEUED' ? openEnd : (finished ?? openEnd));
  const runEnd = finished ?? (attempt.status === 'RUNNING' ? openEnd : (started ?? openEnd));
  return {
    offsetMs: Math.max(0, start - origin),
    queueMs: Math.max(0, queueEnd - start),
    runMs: started === undefined ? 0 : Math.max(0, runEnd - started),
    started: started !== undefined,
  };
}

/**
 * A row's bars, one per attempt that was queued or started, oldest first (a task waiting for
 * its parents has none yet).
 */
export function attemptBars(row: TimingRow, origin: number, now: number): AttemptBar[] {
  const drawn = row.attempts.filter((attempt) => attempt.queuedAt || attempt.startedAt);
  return drawn.map((attempt, index) => {
    const next = drawn[index + 1];
    const openEnd = next ? (time(next.queuedAt) ?? time(next.startedAt) ?? now) : now;
    return {
      ...attemptSegments(attempt, origin, openEnd),
      attempt,
      superseded: next !== undefined,
    };
  });
}

/** The end of the time axis: the last moment any bar reaches. */
export function timeExtent(rows: readonly TimingRow[], origin: number, now: number): number {
  let extent = 1;
  for (const row of rows) {
    for (const bar of attemptBars(row, origin, now)) {
      extent = Math.max(extent, bar.offsetMs + bar.queueMs + bar.runMs);
    }
  }
  return extent;
}

/** Round tick steps for the axis: about `count` ticks across `extentMs`. */
export function axisTicks(extentMs: number, count = 6): number[] {
  const raw = extentMs / Math.max(1, count);
  // Down to a millisecond: a run of a few dozen ms still gets a readable axis.
  const steps = [
    1, 2, 5, 10, 20, 50, 100, 250, 500, 1_000, 2_000, 5_000, 10_000, 15_000, 30_000, 60_000,
    120_000, 300_000, 600_000, 900_000, 1_800_000, 3_600_000, 7_200_000, 21_600_000, 43_200_000,
    86_400_000,
  ];
  const step = steps.find((candidate) => candidate >= raw) ?? steps.at(-1)!;
  const ticks: number[] = [];
  for (let tick = 0; tick <= extentMs; tick += step) ticks.push(tick);
  return ticks;
}

/** Axis label of a tick: "0s", "12s", "1.5s", "3m", "2h". */
export function tickLabel(ms: number): string {
  if (ms === 0) return '0s';
  if (ms < 1_000) return `${ms / 1000}s`;
  if (ms < 60_000) return `${Math.round((ms / 1000) * 10) / 10}s`;
  if (ms < 3_600_000) return `${Math.round((ms / 60_000) * 10) / 10}m`;
  return `${Math.round((ms / 3_600_000) * 10) / 10}h`;
}

type TaskTiming = Pick<
  V1TaskTiming,
  | 'taskExternalId'
  | 'parentTaskExternalId'
  | 'depth'
  | 'taskDisplayName'
  | 'status'
  | 'queuedAt'
  | 'startedAt'
  | 'finishedAt'
  | 'workflowRunId'
  | 'attempt'
  | 'attempts'
>;

/** An attempt without the fields the answer left out. */
function attemptTiming(source: {
  attempt: number;
  status: V1TaskStatus;
  queuedAt?: string | undefined;
  startedAt?: string | undefined;
  finishedAt?: string | undefined;
  errorMessage?: string | undefined;
}): AttemptTiming {
  return {
    attempt: source.attempt,
    status: source.status,
    ...(source.queuedAt ? { queuedAt: source.queuedAt } : {}),
    ...(source.startedAt ? { startedAt: source.startedAt } : {}),
    ...(source.finishedAt ? { finishedAt: source.finishedAt } : {}),
    ...(source.errorMessage ? { errorMessage: source.errorMessage } : {}),
  };
}

/**
 * A task's attempts. A server that does not list them (the reference's API) describes only
 * the current attempt, in the row's own fields.
 */
function attemptsOf(timing: TaskTiming): AttemptTiming[] {
  if (timing.attempts) return timing.attempts.map(attemptTiming);
  return [attemptTiming({ ...timing, attempt: timing.attempt ?? 1 })];
}

/** Waterfall rows from the task-timings answer. */
export function timingRows(timings: readonly TaskTiming[]): TimingRow[] {
  return timings.map((timing) => ({
    id: timing.taskExternalId,
    ...(timing.workflowRunId ? { runId: timing.workflowRunId } : {}),
    // The run's own tasks have no parent here, even when the run itself is a child run.
    ...(timing.depth > 0 && timing.parentTaskExternalId
      ? { parentId: timing.parentTaskExternalId }
      : {}),
    depth: timing.depth,
    name: timing.taskDisplayName,
    status: timing.status,
    attempts: attemptsOf(timing),
  }));
}
