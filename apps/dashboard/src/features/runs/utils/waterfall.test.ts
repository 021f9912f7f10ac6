import { describe, expect, it } from 'vitest';
import type { TimingRow } from './waterfall';
import {
  CHILDREN_SHOWN,
  attemptBars,
  axisTicks,
  collapse,
  initiallyExpanded,
  tickLabel,
  timeExtent,
  timeOrigin,
  timingRows,
  visibleItems,
} from './waterfall';

const t = (seconds: number) => new Date(Date.UTC(2025, 0, 1, 0, 0, seconds)).toISOString();

const rows: TimingRow[] = [
  {
    id: 'a',
    depth: 0,
    name: 'a',
    status: 'COMPLETED',
    attempts: [
      { attempt: 1, status: 'COMPLETED', queuedAt: t(0), startedAt: t(1), finishedAt: t(3) },
    ],
  },
  {
    id: 'a1',
    parentId: 'a',
    depth: 1,
    name: 'a1',
    status: 'RUNNING',
    attempts: [{ attempt: 1, status: 'RUNNING', queuedAt: t(2), startedAt: t(4) }],
  },
  {
    id: 'a1x',
    parentId: 'a1',
    depth: 2,
    name: 'a1x',
    status: 'QUEUED',
    attempts: [{ attempt: 1, status: 'QUEUED', queuedAt: t(5) }],
  },
  {
    id: 'b',
    depth: 0,
    name: 'b',
    status: 'QUEUED',
    attempts: [{ attempt: 1, status: 'QUEUED', queuedAt: t(6) }],
  },
];

describe('waterfall rows', () => {
  it('expands root tasks with children at first', () => {
    expect([...initiallyExpanded(rows)]).toEqual(['a']);
  });

  it('shows a task only when its ancestors are expanded', () => {
    const ids = (expanded: string[]) =>
      visibleItems(rows, new Set(expanded)).map((item) =>
        item.kind === 'task' ? item.row.id : 'more',
      );
    expect(ids([])).toEqual(['a', 'b']);
    expect(ids(['a'])).toEqual(['a', 'a1', 'b']);
    expect(ids(['a', 'a1'])).toEqual(['a', 'a1', 'a1x', 'b']);
    expect(ids(['a1'])).toEqual(['a', 'b']);
  });

  it('collapses the whole subtree', () => {
    expect([...collapse(rows, new Set(['a', 'a1']), 'a')]).toEqual([]);
  });

  it('hides children past the limit behind one "more" row', () => {
    const many: TimingRow[] = [
      { id: 'p', depth: 0, name: 'p', status: 'RUNNING', attempts: [] },
      ...Array.from({ length: CHILDREN_SHOWN + 5 }, (_, i) => ({
        id: `c${i}`,
        parentId: 'p',
        depth: 1,
        name: `c${i}`,
        status: 'QUEUED' as const,
        attempts: [],
      })),
    ];
    const items = visibleItems(many, new Set(['p']));
    expect(items).toHaveLength(CHILDREN_SHOWN + 2);
    expect(items.at(-1)).toEqual({ kind: 'more', parentId: 'p', depth: 1, hidden: 5 });
    expect(visibleItems(many, new Set(['p']), new Set(['p']))).toHaveLength(CHILDREN_SHOWN + 6);
  });
});

describe('waterfall bars', () => {
  const origin = timeOrigin(rows)!;
  const now = Date.parse(t(10));
  const segments = (row: TimingRow) =>
    attemptBars(row, origin, now).map(({ offsetMs, queueMs, runMs, started }) => ({
      offsetMs,
      queueMs,
      runMs,
      started,
    }));

  it('starts the axis at the earliest queued or started time', () => {
    expect(origin).toBe(Date.parse(t(0)));
    expect(
      timeOrigin([{ id: 'x', depth: 0, name: 'x', status: 'QUEUED', attempts: [] }]),
    ).toBeUndefined();
  });

  it('splits queue time and running time', () => {
    expect(segments(rows[0]!)).toEqual([
      { offsetMs: 0, queueMs: 1_000, runMs: 2_000, started: true },
    ]);
    // Still running: the bar reaches now.
    expect(segments(rows[1]!)).toEqual([
      { offsetMs: 2_000, queueMs: 2_000, runMs: 6_000, started: true },
    ]);
    // Still queued: only queue time, up to now.
    expect(segments(rows[3]!)).toEqual([
      { offsetMs: 6_000, queueMs: 4_000, runMs: 0, started: false },
    ]);
    expect(timeExtent(rows, origin, now)).toBe(10_000);
  });

  it('draws nothing for a task that waits for its parents', () => {
    expect(
      attemptBars({ id: 'p', depth: 0, name: 'p', status: 'QUEUED', attempts: [] }, origin, now),
    ).toEqual([]);
  });

  it('draws each attempt of a retried task, the failed ones as superseded', () => {
    const retried: TimingRow = {
      id: 'r',
      depth: 0,
      name: 'r',
      status: 'COMPLETED',
      attempts: [
        {
          attempt: 1,
          status: 'FAILED',
          queuedAt: t(0),
          startedAt: t(1),
          finishedAt: t(2),
          errorMessage: 'boom',
        },
        // The retry waited out its backoff in the queue.
        { attempt: 2, status: 'COMPLETED', queuedAt: t(2), startedAt: t(4), finishedAt: t(5) },
      ],
    };
    const bars = attemptBars(retried, origin, now);
    expect(bars.map((bar) => [bar.attempt.attempt, bar.attempt.status, bar.superseded])).toEqual([
      [1, 'FAILED', true],
      [2, 'COMPLETED', false],
    ]);
    expect(segments(retried)).toEqual([
      { offsetMs: 0, queueMs: 1_000, runMs: 1_000, started: true },
      { offsetMs: 2_000, queueMs: 2_000, runMs: 1_000, started: true },
    ]);
    expect(timeExtent([retried], origin, now)).toBe(5_000);
  });

  it('ends an earlier attempt that recorded no ending where the next one begins', () => {
    const replayed: TimingRow = {
      id: 'r',
      depth: 0,
      name: 'r',
      status: 'RUNNING',
      attempts: [
        { attempt: 1, status: 'FAILED', queuedAt: t(0), startedAt: t(1) },
        { attempt: 2, status: 'RUNNING', queuedAt: t(3), startedAt: t(4) },
      ],
    };
    expect(segments(replayed)).toEqual([
      { offsetMs: 0, queueMs: 1_000, runMs: 0, started: true },
      { offsetMs: 3_000, queueMs: 1_000, runMs: 6_000, started: true },
    ]);
    const neverStarted: TimingRow = {
      ...replayed,
      attempts: [
        { attempt: 1, status: 'FAILED', queuedAt: t(0) },
        { attempt: 2, status: 'RUNNING', queuedAt: t(3), startedAt: t(4) },
      ],
    };
    expect(segments(neverStarted)[0]).toEqual({
      offsetMs: 0,
      queueMs: 3_000,
      runMs: 0,
      started: false,
    });
  });

  it('picks round ticks', () => {
    expect(axisTicks(10_000, 5)).toEqual([0, 2_000, 4_000, 6_000, 8_000, 10_000]);
    // A run of a few dozen milliseconds.
    expect(axisTicks(48)).toEqual([0, 10, 20, 30, 40]);
    expect(tickLabel(20)).toBe('0.02s');
    expect(tickLabel(0)).toBe('0s');
    expect(tickLabel(12_000)).toBe('12s');
    expect(tickLabel(500)).toBe('0.5s');
    expect(tickLabel(90_000)).toBe('1.5m');
  });
});

describe('waterfall rows from task timings', () => {
  it('links child-run tasks to the task that spawned them, not the tasks of the run itself', () => {
    const rows = timingRows([
      {
        taskExternalId: 'a',
        parentTaskExternalId: 'outer',
        depth: 0,
        taskDisplayName: 'a',
        status: 'COMPLETED',
        attempts: [],
      },
      {
        taskExternalId: 'c',
        parentTaskExternalId: 'a',
        depth: 1,
        taskDisplayName: 'c',
        status: 'QUEUED',
        attempts: [],
      },
    ]);
    expect(rows).toEqual([
      { id: 'a', depth: 0, name: 'a', status: 'COMPLETED', attempts: [] },
      { id: 'c', parentId: 'a', depth: 1, name: 'c', status: 'QUEUED', attempts: [] },
    ]);
  });

  it('takes the attempts the server lists, with their errors', () => {
    const [row] = timingRows([
      {
        taskExternalId: 'a',
        depth: 0,
        taskDisplayName: 'a',
        status: 'COMPLETED',
        queuedAt: t(2),
        startedAt: t(3),
        finishedAt: t(4),
        attempt: 2,
        attempts: [
          {
            attempt: 1,
            retryCount: 0,
            status: 'FAILED',
            queuedAt: t(0),
            startedAt: t(1),
            finishedAt: t(2),
            errorMessage: 'Error: boom\n    at fn (a.ts:1:1)',
          },
          {
            attempt: 2,
            retryCount: 1,
            status: 'COMPLETED',
            queuedAt: t(2),
            startedAt: t(3),
            finishedAt: t(4),
          },
        ],
      },
    ]);
    expect(row!.attempts).toEqual([
      {
        attempt: 1,
        status: 'FAILED',
        queuedAt: t(0),
        startedAt: t(1),
        finishedAt: t(2),
        errorMessage: 'Error: boom\n    at fn (a.ts:1:1)',
      },
      { attempt: 2, status: 'COMPLETED', queuedAt: t(2), startedAt: t(3), finishedAt: t(4) },
    ]);
  });

  it("reads a server that lists no attempts as the row's current attempt", () => {
    const [row] = timingRows([
      {
        taskExternalId: 'a',
        depth: 0,
        taskDisplayName: 'a',
        status: 'RUNNING',
        queuedAt: t(0),
        startedAt: t(1),
        attempt: 3,
      },
    ]);
    expect(row!.attempts).toEqual([
      { attempt: 3, status: 'RUNNING', queuedAt: t(0), startedAt: t(1) },
    ]);
  });
});
