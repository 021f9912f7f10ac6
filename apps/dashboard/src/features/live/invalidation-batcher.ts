/**
 * Applies live changes to the query cache without letting a busy tenant flood the server: a
 * key is invalidated at once when it has not been in the last INVALIDATION_WINDOW_MS, else at
 * the end of that window, with whatever else arrived meanwhile. 300 runs a second thus cost
 * each open list four refetches a second, not 300.
 *
 * Invalidation marks every matching query stale (a key stands for itself and the keys it
 * prefixes) and refetches the ones on screen; the others load fresh when next shown.
 */
import { hashKey, partialMatchKey } from '@tanstack/react-query';
import type { QueryClient, QueryKey } from '@tanstack/react-query';

export const INVALIDATION_WINDOW_MS = 250;

/** 'active': refetch what is on screen now; 'none': only mark it stale. */
export type RefetchType = 'active' | 'none';

export class InvalidationBatcher {
  private pending = new Map<string, QueryKey>();
  private window: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly client: QueryClient,
    /** Asked at each flush: refetch now, or leave it to the next mount or focus. */
    private readonly refetchType: () => RefetchType,
  ) {}

  add(keys: readonly QueryKey[]): void {
    for (const key of keys) this.pending.set(hashKey(key), key);
    if (this.window === undefined) this.flush();
  }

  dispose(): void {
    clearTimeout(this.window);
    this.window = undefined;
    this.pending.clear();
  }

  private flush(): void {
    const ready: QueryKey[] = [];
    for (const [hash, key] of this.pending) {
      // A fetch in flight may have read the data before the change. Invalidating would cancel
      // and restart it, and a list slower than the window would never finish: wait for it.
      if (this.client.isFetching({ queryKey: key }) > 0) continue;
      ready.push(key);
      this.pending.delete(hash);
    }
    if (ready.length > 0) {
      void this.client.invalidateQueries({
        // One pass, so a query two keys match is refetched once.
        predicate: (query) => ready.some((key) => partialMatchKey(query.queryKey, key)),
        refetchType: this.refetchType(),
      });
    }
    this.window =
      ready.length > 0 || this.pending.size > 0
        ? setTimeout(() => {
            this.window = undefined;
            if (this.pending.size > 0) this.flush();
          }, INVALIDATION_WINDOW_MS)
        : undefined;
  }
}
