/**
 * The succeeded/failed chart of the runs list: buckets from GET task-point-metrics, their
 * axis labels, and the time range a drag across some buckets selects (reference 5.1).
 */

import { wallClock } from '@/lib/time-zone';
import type { V1TaskPointMetric } from '@/types/api';

/** One bucket: its start (ISO) and how many tasks succeeded and failed in it. */
export type ChartPoint = V1TaskPointMetric;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * Labels adapt to the span: dates beyond a week, date and time beyond a day, else time; all
 * read on a clock in `timeZone`.
 */
export function bucketLabel(time: string, spanMs: number, timeZone: string): string {
  const clock = wallClock(new Date(time), timeZone);
  const day = `${MONTHS[clock.month - 1]} ${clock.day}`;
  const hhmm = `${String(clock.hour).padStart(2, '0')}:${String(clock.minute).padStart(2, '0')}`;
  if (spanMs > 7 * DAY) return day;
  if (spanMs > DAY) return `${day} ${hhmm}`;
  return hhmm;
}

/** Length of one bucket: the distance between the first two, else one minute. */
export function bucketSizeMs(points: readonly ChartPoint[]): number {
  const [first, second] = points;
  if (!first || !second) return 60_000;
  return Math.max(1, Date.parse(second.time) - Date.parse(first.time));
}

/**
 * The range a drag from bucket `a` to bucket `b` (either order) selects: from the start of
 * the bucket before the first one (a little context on the left) to the start of the
 * bucket after the last one, so the selected buckets are wholly inside it.
 */
export function zoomRange(
  points: readonly ChartPoint[],
  a: number,
  b: number,
): { since: string; until: string } | undefined {
  if (points.length === 0) return undefined;
  const clamp = (index: number) => Math.min(points.length - 1, Math.max(0, index));
  const first = clamp(Math.min(a, b));
  const last = clamp(Math.max(a, b));
  const size = bucketSizeMs(points);
  const start = Date.parse(points[first]!.time) - (first > 0 ? size : 0);
  const end = Date.parse(points[last]!.time) + size;
  return { since: new Date(start).toISOString(), until: new Date(end).toISOString() };
}

/** The largest stacked bar, at least 1 so an empty chart still has a scale. */
export function chartMax(points: readonly ChartPoint[]): number {
  return points.reduce((max, point) => Math.max(max, point.SUCCEEDED + point.FAILED), 1);
}

/** Indices of about `count` evenly spread buckets that get an axis label. */
export function labelledIndices(length: number, count: number): number[] {
  if (length === 0) return [];
  const step = Math.max(1, Math.ceil(length / Math.max(1, count)));
  const indices: number[] = [];
  for (let index = 0; index < length; index += step) indices.push(index);
  return indices;
}
