import { describe, expect, it } from 'vitest';
import { bucketSecondsFor } from './run-chart-buckets';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('bucketSecondsFor', () => {
  it.each([
    [60 * MINUTE, 60],
    [61 * MINUTE - 1, 60],
    [61 * MINUTE, 300],
    [12 * HOUR - 1, 300],
    [12 * HOUR, 1800],
    [48 * HOUR - 1, 1800],
    [48 * HOUR, 8 * 3600],
    [8 * DAY - 1, 8 * 3600],
    [8 * DAY, 86_400],
    [30 * DAY, 86_400],
  ])('a range of %i ms has buckets of %i s', (range, seconds) => {
    expect(bucketSecondsFor(range)).toBe(seconds);
  });
});
