import { QueryClient, QueryObserver } from '@tanstack/react-query';
import type { QueryKey } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INVALIDATION_WINDOW_MS, InvalidationBatcher } from './invalidation-batcher';
import type { RefetchType } from './invalidation-batcher';

const RUNS: QueryKey = ['tenants', 't', 'workflow-runs'];
const RUNS_LIST: QueryKey = [...RUNS, 'list', { offset: 0 }];

function setup(refetchType: RefetchType = 'active', windowFor?: (key: QueryKey) => number) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const batcher = new InvalidationBatcher(client, () => refetchType, windowFor);
  let fetches = 0;
  /** A query on screen (an observer), whose fetch takes `ms`. */
  const onScreen = async (queryKey: QueryKey, ms = 10) => {
    const observer = new QueryObserver(client, {
      queryKey,
      queryFn: () => {
        fetches += 1;
        return new Promise((resolve) => setTimeout(() => resolve(fetches), ms));
      },
    });
    observer.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(ms);
    fetches = 0;
  };
  return { client, batcher, onScreen, fetches: () => fetches };
}

describe('InvalidationBatcher', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('invalidates at once, then each key at most once per window', async () => {
    const { batcher, onScreen, fetches } = setup();
    await onScreen(RUNS_LIST);
    batcher.add([RUNS]);
    expect(fetches()).toBe(1);

    await vi.advanceTimersByTimeAsync(50);
    batcher.add([RUNS]);
    batcher.add([RUNS]);
    await vi.advanceTimersByTimeAsync(100);
    batcher.add([RUNS]);
    expect(fetches()).toBe(1);
    await vi.advanceTimersByTimeAsync(INVALIDATION_WINDOW_MS - 150);
    expect(fetches()).toBe(2);

    // A quiet window closes; the next change is applied at once again.
    await vi.advanceTimersByTimeAsync(INVALIDATION_WINDOW_MS * 2);
    expect(fetches()).toBe(2);
    batcher.add([RUNS]);
    expect(fetches()).toBe(3);
  });

  it('gives each key the window the app sets for it', async () => {
    const slow: QueryKey = ['tenants', 't', 'task-metrics'];
    const { batcher, onScreen, fetches } = setup('active', (key) => (key === slow ? 1000 : 250));
    await onScreen(RUNS_LIST);
    await onScreen(slow);
    batcher.add([RUNS, slow]);
    expect(fetches()).toBe(2);
    await vi.advanceTimersByTimeAsync(10);
    batcher.add([RUNS, slow]);
    await vi.advanceTimersByTimeAsync(250);
    // The list again at the end of its window; the costly one waits for the end of its own.
    expect(fetches()).toBe(3);
    await vi.advanceTimersByTimeAsync(1000 - 260);
    expect(fetches()).toBe(4);
  });

  it('refetches a query that several keys match once', async () => {
    const { batcher, onScreen, fetches } = setup();
    await onScreen(RUNS_LIST);
    batcher.add([['tenants', 't'], RUNS, RUNS_LIST]);
    await vi.advanceTimersByTimeAsync(INVALIDATION_WINDOW_MS);
    expect(fetches()).toBe(1);
  });

  it('leaves a fetch in flight to finish, then asks again', async () => {
    const { client, batcher, onScreen, fetches } = setup();
    await onScreen(RUNS_LIST, 600);
    void client.refetchQueries({ queryKey: RUNS });
    expect(fetches()).toBe(1);
    batcher.add([RUNS]);
    await vi.advanceTimersByTimeAsync(INVALIDATION_WINDOW_MS * 2);
    // Not cancelled and restarted: a slow list under constant change would never load.
    expect(fetches()).toBe(1);
    await vi.advanceTimersByTimeAsync(600 - INVALIDATION_WINDOW_MS * 2);
    expect(client.getQueryState(RUNS_LIST)?.dataUpdateCount).toBe(2);
    await vi.advanceTimersByTimeAsync(INVALIDATION_WINDOW_MS);
    expect(fetches()).toBe(2);
  });

  it('only marks queries stale when refetching waits, and those off screen always', async () => {
    const { client, batcher, onScreen, fetches } = setup('none');
    await onScreen(RUNS_LIST);
    client.setQueryData(['tasks', 'k'], { id: 'k' });
    batcher.add([RUNS, ['tasks', 'k']]);
    await vi.advanceTimersByTimeAsync(INVALIDATION_WINDOW_MS);
    expect(fetches()).toBe(0);
    expect(client.getQueryState(RUNS_LIST)?.isInvalidated).toBe(true);
    expect(client.getQueryState(['tasks', 'k'])?.isInvalidated).toBe(true);

    const active = setup();
    await active.onScreen(RUNS_LIST);
    active.client.setQueryData(['tasks', 'k'], { id: 'k' });
    active.batcher.add([RUNS, ['tasks', 'k']]);
    expect(active.fetches()).toBe(1);
    expect(active.client.getQueryState(['tasks', 'k'])?.isInvalidated).toBe(true);
  });

  it('drops what waits when disposed', async () => {
    const { batcher, onScreen, fetches } = setup();
    await onScreen(RUNS_LIST);
    batcher.add([RUNS]);
    batcher.add([RUNS]);
    batcher.dispose();
    await vi.advanceTimersByTimeAsync(INVALIDATION_WINDOW_MS * 2);
    expect(fetches()).toBe(1);
  });
});
