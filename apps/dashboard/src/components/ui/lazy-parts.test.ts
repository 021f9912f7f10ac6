import { describe, expect, it, vi } from 'vitest';
import { lazyParts } from './lazy-parts';

describe('lazyParts', () => {
  it('downloads once, however often it is asked', async () => {
    const importModule = vi.fn(() => Promise.resolve({ part: 1 }));
    const parts = lazyParts(importModule);
    parts.load();
    parts.load();
    await vi.waitFor(() => expect(importModule).toHaveBeenCalledTimes(1));
    parts.load();
    expect(importModule).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed download', async () => {
    const importModule = vi
      .fn<() => Promise<{ part: number }>>()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ part: 1 });
    const parts = lazyParts(importModule, { throwFailure: false });
    parts.load();
    // Asked again once the failure is in, it downloads again.
    await vi.waitFor(() => {
      parts.load();
      expect(importModule).toHaveBeenCalledTimes(2);
    });
  });
});
