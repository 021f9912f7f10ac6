import { describe, expect, it } from 'vitest';
import { runCounts } from './run-counts';

describe('run counts of an event', () => {
  it('lists the non-zero counts, failures first', () => {
    expect(runCounts({ running: 1, queued: 0, succeeded: 4, failed: 2, cancelled: 0 })).toEqual([
      { status: 'FAILED', count: 2 },
      { status: 'COMPLETED', count: 4 },
      { status: 'RUNNING', count: 1 },
    ]);
    expect(runCounts({ running: 0, queued: 0, succeeded: 0, failed: 0, cancelled: 0 })).toEqual([]);
    expect(runCounts(undefined)).toEqual([]);
  });
});
