/**
 * A tenant's live updates, mounted once per tenant: opens its event stream, puts what a change
 * carries into the cache at once (`patchCache`), turns each change into invalidations of the
 * queries it touches, and tells shared code the stream's status
 * (hooks/use-live-status.ts), so lists the stream keeps fresh stop polling while it is live.
 *
 * Which queries a change touches, and what it patches, is the app's to say (`queryKeysFor`,
 * `patchCache`): the query keys belong to the features, and only src/app composes features.
 */
import type { QueryClient } from '@tanstack/react-query';
import { focusManager, useQueryClient } from '@tanstack/react-query';
import type { QueryKey } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { LiveStateContext } from '@/hooks/use-live-status';
import type { LiveStatus } from '@/hooks/use-live-status';
import { useRefetchInterval } from '@/hooks/use-refetch-interval';
import type { V1LiveChanges } from '@/types/api';
import { InvalidationBatcher } from './invalidation-batcher';
import type { WindowFor } from './invalidation-batcher';
import { openLiveStream } from './live-stream';
import { PatchWindow } from './patch-window';

export type QueryKeysForChanges = (tenantId: string, changes: V1LiveChanges) => QueryKey[];
export type CachePatcher = (client: QueryClient, tenantId: string, changes: V1LiveChanges) => void;

export function LiveUpdatesProvider({
  tenantId,
  queryKeysFor,
  patchCache,
  refetchWindow,
  coversScreen,
  children,
}: {
  tenantId: string;
  /** The queries a change touches (prefixes); a stable function. */
  queryKeysFor: QueryKeysForChanges;
  /** Puts what a change carries into cached data before those queries refetch; stable. */
  patchCache: CachePatcher;
  /** How often at most a key is refetched for changes (invalidation-batcher.ts); stable. */
  refetchWindow?: WindowFor;
  /** The stream names every change the current screen shows. */
  coversScreen: boolean;
  children: ReactNode;
}) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const { frozen } = useRefetchInterval();
  const frozenRef = useRef(frozen);
  useEffect(() => {
    frozenRef.current = frozen;
  }, [frozen]);

  useEffect(() => {
    // Frozen: nothing refreshes on its own. In a hidden tab, refetches wait for its return
    // (TanStack refetches stale queries on focus), as polling does.
    const batcher = new InvalidationBatcher(
      queryClient,
      () => (frozenRef.current || !focusManager.isFocused() ? 'none' : 'active'),
      refetchWindow,
    );
    const patches = new PatchWindow<V1LiveChanges>((messages) => {
      // One pass: the list re-renders once for all of them.
      for (const changes of messages) patchCache(queryClient, tenantId, changes);
    });
    const close = openLiveStream(tenantId, {
      onStatus: setStatus,
      onChanges: (changes) => {
        // Frozen, what is on screen holds still: nothing is patched either.
        if (!frozenRef.current) patches.add(changes);
        batcher.add(queryKeysFor(tenantId, changes));
      },
    });
    return () => {
      close();
      patches.dispose();
      batcher.dispose();
    };
  }, [queryClient, tenantId, queryKeysFor, patchCache, refetchWindow]);

  const value = useMemo(() => ({ status, coversScreen }), [status, coversScreen]);
  return <LiveStateContext.Provider value={value}>{children}</LiveStateContext.Provider>;
}
