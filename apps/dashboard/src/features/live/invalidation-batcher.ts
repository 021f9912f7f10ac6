/**
 * Applies live changes to the query cache without letting a busy tenant flood the server: a
 * key is invalidated at once when it has not been in its last window, else at the end of that
 * window, with whatever else arrived meanwhile. 300 runs a second thus cost each open list a
 * few refetches a second, not 300. A key's window is INVALIDATION_WINDOW_MS unless the app
 * gives it a longer one (an aggregate that is costly to read, a list the stream already patches).
 *
 * Invalidation marks every matching query stale (a key stands for itself and the keys it
 * prefixes) and refetches the ones on screen; the others load fresh when next shown.
 */
import { hashKey, partialMatchKey } from '@tanstack/react-query';
import type { QueryClient, QueryKey } from '@tanstack/react-query';

export const INVALIDATION_WINDOW_MS = 250;

/** 'active': refetch what is on screen now; 'none': only mark it stale. */
export type RefetchType = 'active' | 'none';

/** How long a key waits after it was invalidated before it is again, in milliseconds. */
export type WindowFor = (key: QueryKey) => number;

export class InvalidationBatcher {
  private readonly pending = new Map<string, QueryKey>();
  /** When each key was last invalidated, and its window then; dropped once that has passed. */
  private readonly last = new Map<string, { at: number; windowMs: number }>();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly client: QueryClient,
    /** Asked at each flush: refetch now, or leave it to the next mount or focus. */
    private readonly refetchType: () => RefetchType,
    private readonly windowFor: WindowFor = () => INVALIDATION_WINDOW_MS,
  ) {}

  add(keys: readonly QueryKey[]): void {
    for (const key of keys) this.pending.set(hashKey(key), key);
    this.flush();
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.pending.clear();
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const now = Date.now();
    for (const [hash, { at, windowMs }] of this.last) {
      if (now - at >= windowMs) this.last.delete(hash);
    }
    const ready: QueryKey[] = [];
    let nextAt = Infinity;
    for (const [hash, key] of this.pending) {
      const previous = this.last.get(hash);
      if (previous) {
        nextAt = Math.min(nextAt, previous.at + previous.windowMs);
        continue;
      }
      // A fetch in flight may have read the data before the change. Invalidating would cancel
      // and restart it, and a list slower than the window would never finish: wait for it.
      if (this.client.isFetching({ queryKey: key }) > 0) {
        nextAt = Math.min(nextAt, now + INVALIDATION_WINDOW_MS);
        continue;
      }
      ready.push(key);
      this.pending.delete(hash);
      this.last.set(hash, { at: now, windowMs: this.windowFor(key) });
    }
    if (ready.length > 0) {
      void this.client.invalidateQueries({
        // One pass, so a query two keys match is refetched once.
        predicate: (query) => ready.some((key) => partialMatchKey(query.queryKey, key)),
        refetchType: this.refetchType(),
      });
    }
    if (nextAt < Infinity) this.timer = setTimeout(() => this.flush(), nextAt - now);
  }
}
