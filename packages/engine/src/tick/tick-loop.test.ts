import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TickReport } from './tick';
import { TickLoop } from './tick-loop';

const settings = { batchWindowMs: 2, minTickIntervalMs: 30 };

/** A loop whose ticks report what the test queues, and record when they ran. */
function loopWith(reports: TickReport[]) {
  const ranAt: number[] = [];
  const loop = new TickLoop({ now: () => Date.now() }, settings, async () => {
    ranAt.push(Date.now());
    return reports.shift() ?? { ok: true, operations: 1, again: false };
  });
  return { loop, ranAt };
}

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('tick loop', () => {
  it('gathers the calls of one batch window into one tick', async () => {
    const { loop, ranAt } = loopWith([]);
    loop.wake();
    loop.wake();
    await vi.advanceTimersByTimeAsync(1);
    loop.wake();
    expect(ranAt).toEqual([]);
    await vi.advanceTimersByTimeAsync(5);
    expect(ranAt).toEqual([1_000_002]);
  });

  it('spaces ticks by the interval after a busy one, not after a light one', async () => {
    const { loop, ranAt } = loopWith([
      { ok: true, operations: 20, again: true },
      { ok: true, operations: 2, again: false },
    ]);
    loop.wake();
    await vi.advanceTimersByTimeAsync(100);
    // The busy tick asked for another: it waited out the interval from the first's start.
    expect(ranAt).toEqual([1_000_002, 1_000_032]);
    loop.wake();
    await vi.advanceTimersByTimeAsync(2);
    // After a light tick the next one follows the batch window only.
    expect(ranAt).toEqual([1_000_002, 1_000_032, 1_000_102]);
  });

  it('retries a failed tick after a pause, and stops retrying once drained', async () => {
    const { loop, ranAt } = loopWith([
      { ok: false, operations: 1, again: false },
      { ok: true, operations: 1, again: false },
    ]);
    loop.wake();
    await vi.advanceTimersByTimeAsync(2);
    expect(ranAt).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(500);
    expect(ranAt).toHaveLength(2);

    const failing = loopWith([{ ok: false, operations: 1, again: false }]);
    const drained = failing.loop.drain();
    await vi.advanceTimersByTimeAsync(1);
    await drained;
    expect(failing.ranAt).toHaveLength(1);
  });
});
