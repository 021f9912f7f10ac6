const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The bucket size of the runs chart for a time range, by the reference's rule: the wider the
 * range, the coarser the buckets, so a chart never has more than a few hundred bars.
 */
export function bucketSecondsFor(rangeMs: number): number {
  if (rangeMs < 61 * MINUTE) return 60;
  if (rangeMs < 12 * HOUR) return 5 * 60;
  if (rangeMs < 48 * HOUR) return 30 * 60;
  if (rangeMs < 8 * DAY) return 8 * 60 * 60;
  return 24 * 60 * 60;
}
