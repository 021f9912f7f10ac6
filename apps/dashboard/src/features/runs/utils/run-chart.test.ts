import { describe, expect, it } from 'vitest';
import { bucketLabel, bucketSizeMs, chartMax, labelledIndices, zoomRange } from './run-chart';

const points = ['00:00', '00:05', '00:10', '00:15'].map((hhmm) => ({
  time: `2025-03-10T${hhmm}:00.000Z`,
  SUCCEEDED: 1,
  FAILED: 2,
}));

describe('runs chart', () => {
  it('labels buckets by the span', () => {
    expect(bucketLabel('2025-03-10T09:05:00Z', 3_600_000, 'UTC')).toBe('09:05');
    expect(bucketLabel('2025-03-10T09:05:00Z', 3 * 86_400_000, 'UTC')).toBe('Mar 10 09:05');
    expect(bucketLabel('2025-03-10T09:05:00Z', 30 * 86_400_000, 'UTC')).toBe('Mar 10');
    // Read on a clock in the user's zone.
    expect(bucketLabel('2025-03-10T19:05:00Z', 3 * 86_400_000, 'Asia/Tokyo')).toBe('Mar 11 04:05');
  });

  it('measures buckets and the tallest bar', () => {
    expect(bucketSizeMs(points)).toBe(300_000);
    expect(bucketSizeMs(points.slice(0, 1))).toBe(60_000);
    expect(chartMax(points)).toBe(3);
    expect(chartMax([])).toBe(1);
  });

  it('zooms from the bucket before the first to the bucket after the last', () => {
    expect(zoomRange(points, 2, 1)).toEqual({
      since: '2025-03-10T00:00:00.000Z',
      until: '2025-03-10T00:15:00.000Z',
    });
  });

  it('stays inside the data at the edges', () => {
    expect(zoomRange(points, 0, 3)).toEqual({
      since: '2025-03-10T00:00:00.000Z',
      until: '2025-03-10T00:20:00.000Z',
    });
    expect(zoomRange([], 0, 1)).toBeUndefined();
  });

  it('spreads axis labels', () => {
    expect(labelledIndices(10, 5)).toEqual([0, 2, 4, 6, 8]);
    expect(labelledIndices(0, 5)).toEqual([]);
  });
});
