import { describe, expect, it } from 'vitest';
import { queueCounts, taskCounts } from './queue-metrics';

describe('queue metrics', () => {
  it('lists the queues with tasks waiting, the longest first', () => {
    expect(queueCounts({ queues: { 'wf:a': 2, 'wf:b': 0, 'wf:c': 5, 'wf:d': 2 } })).toEqual([
      { queue: 'wf:c', queued: 5 },
      { queue: 'wf:a', queued: 2 },
      { queue: 'wf:d', queued: 2 },
    ]);
    expect(queueCounts({})).toEqual([]);
    expect(queueCounts(undefined)).toEqual([]);
  });

  it('merges the queued and running counts of each concurrency key per task name', () => {
    const limit = { expression: 'input.key', type: 'GROUP_ROUND_ROBIN' };
    expect(
      taskCounts({
        idle: {},
        'per-key': {
          queued: {
            total: 3,
            queues: { 'per-key:work': 3 },
            concurrency: [{ ...limit, keys: { a: 2, b: 1 } }],
            oldest: '2026-05-01T10:00:00Z',
          },
          running: {
            total: 2,
            queues: { 'per-key:work': 2 },
            concurrency: [{ ...limit, keys: { a: 1, c: 1 } }],
          },
        },
        plain: { running: { total: 1, queues: { 'plain:plain': 1 } } },
      }),
    ).toEqual([
      {
        taskName: 'per-key',
        queued: 3,
        running: 2,
        oldestQueued: '2026-05-01T10:00:00Z',
        concurrency: [
          {
            expression: 'input.key',
            strategy: 'GROUP_ROUND_ROBIN',
            keys: [
              { key: 'a', queued: 2, running: 1 },
              { key: 'b', queued: 1, running: 0 },
              { key: 'c', queued: 0, running: 1 },
            ],
          },
        ],
      },
      { taskName: 'plain', queued: 0, running: 1, oldestQueued: undefined, concurrency: [] },
    ]);
  });
});
