import { describe, expect, it } from 'vitest';
import { formatCompactDuration, runDurationMs } from './run-duration';

describe('run duration', () => {
  it('uses the reported duration, else start to finish, else start to now while running', () => {
    expect(runDurationMs({ duration: 42 })).toBe(42);
    expect(
      runDurationMs({ startedAt: '2025-01-01T00:00:00Z', finishedAt: '2025-01-01T00:00:02Z' }),
    ).toBe(2_000);
    const now = Date.parse('2025-01-01T00:00:05Z');
    expect(runDurationMs({ status: 'RUNNING', startedAt: '2025-01-01T00:00:00Z' }, now)).toBe(
      5_000,
    );
    expect(runDurationMs({ status: 'QUEUED' })).toBeUndefined();
    expect(
      runDurationMs({ status: 'CANCELLED', startedAt: '2025-01-01T00:00:00Z' }),
    ).toBeUndefined();
  });

  it('formats compactly', () => {
    expect(formatCompactDuration(850)).toBe('850ms');
    expect(formatCompactDuration(3_071)).toBe('3.07s');
    expect(formatCompactDuration(42_500)).toBe('42s');
    expect(formatCompactDuration(185_000)).toBe('3m 5s');
    expect(formatCompactDuration(3_723_000)).toBe('1h 2m 3s');
    expect(formatCompactDuration(2 * 86_400_000 + 3_000)).toBe('2d 0h 0m 3s');
    expect(formatCompactDuration(-5)).toBe('0s');
  });
});
