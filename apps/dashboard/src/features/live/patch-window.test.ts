import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PATCH_WINDOW_MS, PatchWindow } from './patch-window';

describe('PatchWindow', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('applies at once after a quiet window, else what came meanwhile together at its end', () => {
    const applied: number[][] = [];
    const window = new PatchWindow<number>((items) => applied.push([...items]));
    window.add(1);
    expect(applied).toEqual([[1]]);
    vi.advanceTimersByTime(50);
    window.add(2);
    window.add(3);
    expect(applied).toEqual([[1]]);
    vi.advanceTimersByTime(PATCH_WINDOW_MS - 50);
    expect(applied).toEqual([[1], [2, 3]]);
    vi.advanceTimersByTime(PATCH_WINDOW_MS);
    window.add(4);
    expect(applied).toEqual([[1], [2, 3], [4]]);
  });

  it('drops what waits when disposed', () => {
    const apply = vi.fn();
    const window = new PatchWindow<number>(apply);
    window.add(1);
    window.add(2);
    window.dispose();
    vi.advanceTimersByTime(PATCH_WINDOW_MS * 2);
    expect(apply).toHaveBeenCalledTimes(1);
  });
});
